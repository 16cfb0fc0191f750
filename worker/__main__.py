"""``python -m worker``: the background work, until SIGTERM or SIGINT.

- a heartbeat for ``/health``;
- the retention pass (conversations and personal data older than ``RETENTION_DAYS``), hourly;
- pump-out reminders, which go out through Twilio and so run only where Twilio is configured.
"""

from __future__ import annotations

import logging
import signal
import threading

import store
from config import Settings
from config.heartbeat import beat_until
from config.logs import install_log_privacy
from worker.reminders import run_forever, twilio_client
from worker.retention import run_retention

log = logging.getLogger("worker")


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    install_log_privacy()
    settings = Settings.from_env()
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    threading.Thread(target=beat_until, args=(stop, settings.run_dir), name="heartbeat", daemon=True).start()
    engine = store.connect(settings.database_url)
    clock = settings.clock()
    threading.Thread(
        target=run_retention, args=(engine, settings, stop, clock), name="retention", daemon=True
    ).start()
    if not (settings.twilio_account_sid and settings.twilio_auth_token and settings.twilio_sms_number):
        log.info("pump-out reminders off: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN or TWILIO_SMS_NUMBER unset")
        stop.wait()
        return 0
    log.info("pump-out reminders on: every %s s", settings.reminder_poll_seconds)
    run_forever(engine, settings, twilio_client(settings), stop, clock=clock)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
