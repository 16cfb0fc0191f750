"""The application database: one SQLAlchemy Core schema, small repository modules, alembic migrations.

    import store
    engine = store.connect()                      # $DATABASE_URL or <repo>/var/assistant.db
    store.migrate.upgrade_to_head()               # 3.11 env only (alembic); creates/updates the tables
    report = store.spills.create_partial(engine, conversation_id="+17605550100", channel="voice",
                                         location_text="5th and Main")
    store.spills.submit(engine, report["reference"])   # committed before it returns

Every repository function takes a :data:`store.db.Bind`: an engine (the call commits on its own) or a
connection inside ``engine.begin()`` (several calls commit together). Rows come back as plain dicts.
Clocks are injectable: pass ``now=`` (timezone-aware) where time matters.

Runs under SQLAlchemy 1.4 (the Rasa process, where our Twilio connectors live) and 2.x; importing this
package never imports alembic (:mod:`store.migrate` imports it only when called).
"""

from store import facilities, permits, reminders, service, sms, spills, voice, waivers
from store.db import DATABASE_URL_ENV, DEFAULT_DATABASE_URL, connect, resolve_database_url, utc_now
from store.errors import RecordClosed, RecordNotFound, StoreError
from store.phones import normalize_phone
from store.references import is_reference, normalize_reference

__all__ = [
    "DATABASE_URL_ENV",
    "DEFAULT_DATABASE_URL",
    "RecordClosed",
    "RecordNotFound",
    "StoreError",
    "connect",
    "facilities",
    "is_reference",
    "normalize_phone",
    "normalize_reference",
    "permits",
    "reminders",
    "resolve_database_url",
    "service",
    "sms",
    "spills",
    "utc_now",
    "voice",
    "waivers",
]
