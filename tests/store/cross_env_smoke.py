"""Run by test_store_cross_env.py under the Rasa interpreter (Python 3.10, SQLAlchemy 1.4, no alembic).

Does what the Twilio connectors do inside the Rasa process, on a database the 3.11 side migrated, and
prints a JSON summary for the test to check against what the 3.11 side then reads.
"""

from __future__ import annotations

import datetime as dt
import json
import sys

import sqlalchemy

import store

NOW = dt.datetime(2024, 8, 14, 17, 30, tzinfo=dt.timezone.utc)


def main(url: str) -> None:
    engine = store.connect(url)
    claims = [store.sms.claim_message_sid(engine, "SMcross", phone="+17605550100", now=NOW) for _ in range(2)]
    store.sms.save_reply(engine, "SMcross", "<Response><Message>Received.</Message></Response>", now=NOW)
    store.sms.opt_out(engine, "(760) 555-0100", keyword="STOP", now=NOW)
    limit = store.sms.RateLimit(max_messages=2)
    allowed = [store.sms.allow(engine, "+17605550100", NOW, limit=limit) for _ in range(3)]
    report = store.spills.create_partial(engine, conversation_id="CAcross", channel="voice", now=NOW)
    store.spills.update(
        engine, report["reference"], location_text="Main and 5th", reaches=["gutter"], now=NOW
    )
    store.spills.submit(engine, report["reference"], now=NOW)
    store.voice.start_call(engine, "CAcross", from_number="+17605550100", to_number=None, now=NOW)
    silences = [store.voice.record_silence(engine, "CAcross", now=NOW) for _ in range(2)]
    engine.dispose()
    summary = {
        "python": list(sys.version_info[:2]),
        "sqlalchemy": sqlalchemy.__version__,
        "alembic_imported": "alembic" in sys.modules,
        "claims": claims,
        "allowed": allowed,
        "silences": silences,
        "spill_reference": report["reference"],
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main(sys.argv[1])
