"""Start the action server with the ordinance index already loaded.

``rasa_sdk``'s own runner starts its Sanic worker in a separate process, where anything loaded beforehand
is lost; here the app runs in this process, after the index and model are warm, so no user waits for them.
"""

from __future__ import annotations

import argparse
import logging
import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# One OpenMP thread (torch, faiss): each request embeds one short question and searches a small index, which a
# second thread does not speed up; idle OpenMP workers spin after each call, and on two cores that cost about
# 70 ms of CPU per message, taken from Rasa (measured, issue 13). Set before torch or faiss is loaded.
os.environ.setdefault("OMP_NUM_THREADS", "1")


def main() -> None:
    parser = argparse.ArgumentParser(description="Action server for the FOG and organics assistant")
    parser.add_argument("--port", type=int, default=int(os.environ.get("ACTION_SERVER_PORT", "5055")))
    parser.add_argument("--host", default=os.environ.get("ACTION_SERVER_HOST", "127.0.0.1"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    from config.logs import install_log_privacy

    install_log_privacy()

    from rasa_sdk.endpoint import create_app

    from actions import runtime
    from actions.channel import LanguageExecutor

    runtime.warm_up()
    executor = LanguageExecutor()
    executor.register_package("actions")
    app = create_app(executor)
    app.run(host=args.host, port=args.port, single_process=True, access_log=False, motd=False)


if __name__ == "__main__":
    main()
