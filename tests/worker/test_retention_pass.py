"""The worker's retention pass erases by RETENTION_DAYS, and does nothing when it is 0."""

import dataclasses
import datetime as dt

from config import Settings
from store import sms
from worker.retention import retention_pass

NOW = dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc)


def test_a_pass_erases_what_is_older_than_the_period_and_zero_turns_it_off(engine, tmp_path):
    settings = Settings(retention_days=30, tracker_db=str(tmp_path / "tracker.db"))
    sms.claim_message_sid(engine, "SM" + "1" * 32, phone="+17605550101", now=NOW - dt.timedelta(days=31))
    sms.claim_message_sid(engine, "SM" + "2" * 32, phone="+17605550102", now=NOW - dt.timedelta(days=29))

    assert retention_pass(engine, dataclasses.replace(settings, retention_days=0), NOW) is None
    purged = retention_pass(engine, settings, NOW)

    assert purged is not None and purged.sms_deliveries == 1 and purged.tracker_conversations == 0
