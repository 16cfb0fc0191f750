"""``python -m worker``: the background work, until SIGTERM or SIGINT, each in its own thread.

- a heartbeat for ``/health``;
- the retention pass (conversations and personal data older than ``RETENTION_DAYS``), hourly;
- outbox delivery (notifications to city staff and reporters), every ``OUTBOX_POLL_SECONDS``: e-mail always,
  SMS once Twilio is configured (until then SMS notifications wait);
- abandoned spill reports flagged for staff, every minute;
- pump-out reminders, which go out through Twilio and so run only where Twilio is configured.
"""

from __future__ import annotations

import logging
import signal
import threading
from functools import partial

import store
from config import Settings
from config.heartbeat import beat_until
from config.logs import install_log_privacy
from worker import outbox
from worker.abandoned import run_flagging
from worker.reminders import run_forever, twilio_client
from worker.retention import run_retention

log = logging.getLogger("worker")


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    install_log_privacy()
    logging.getLogger("twilio.http_client").setLevel(logging.WARNING)  # it logs every request's headers
    settings = Settings.from_env()
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    engine = store.connect(settings.database_url)
    clock = settings.clock()
    sms_client = outbox.sms_client_for(settings)
    if sms_client is None:
        log.info(
            "SMS off (notifications wait, reminders off): TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN or "
            "TWILIO_SMS_NUMBER unset"
        )
    tasks = [
        ("heartbeat", beat_until, (stop, settings.run_dir)),
        ("retention", run_retention, (engine, settings, stop, clock)),
        ("abandoned", run_flagging, (engine, settings, stop, clock)),
    ]
    if sms_client is not None:
        log.info("pump-out reminders on: every %s s", settings.reminder_poll_seconds)
        reminders = partial(run_forever, clock=clock)
        tasks.append(("reminders", reminders, (engine, settings, twilio_client(settings), stop)))
    for name, target, args in tasks:
        threading.Thread(target=target, args=args, name=name, daemon=True).start()
    log.info("outbox delivery on: every %s s", settings.outbox_poll_seconds)
    outbox.run_forever(
        engine, settings, stop, sms_client=sms_client, mailer=outbox.SmtpMailer(settings), clock=clock
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
