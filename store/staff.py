"""City staff who use the console: accounts, sign-in with lockout, server-side sessions, and the audit log.

Passwords are hashed with argon2id (``argon2-cffi``'s :class:`~argon2.PasswordHasher`, its recommended
parameters); a hash made under older parameters is replaced at the next successful sign-in. A failed sign-in
costs the same whether the user exists or not (an unknown name is checked against a dummy hash), and after
``max_failures`` failures in a row the account is locked for ``lockout``; the caller shows one message for
every failure, so nobody can learn which names exist.

A session is a random token kept only in the browser's cookie; the database stores its SHA-256, so a copy
of the database does not let anyone sign in. Each session has its own CSRF token for the console's forms.

``audit_log`` records who did what and when: sign-ins, status changes, texts to reporters, exports, users
created or changed. Rows come back as plain dicts; the password hash never leaves this module.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from store.db import Bind, read_transaction, resolve_now, write_transaction
from store.errors import RecordNotFound, StoreError
from store.records import Record, as_dict, normalize_city
from store.schema import STAFF_ROLES, audit_log, staff_sessions, staff_users

MIN_PASSWORD_LENGTH = 12
SESSION_TOUCH_INTERVAL = dt.timedelta(minutes=5)  # how stale last_seen_at may get before it is rewritten
ROLE_RANK = {role: rank for rank, role in enumerate(STAFF_ROLES)}  # viewer < staff < admin
_PUBLIC_COLUMNS = [column for column in staff_users.c if column.name != "password_hash"]

_hasher = PasswordHasher()


def role_allows(role: str, needed: str) -> bool:
    """Whether ``role`` includes what ``needed`` may do (an admin may do what staff may, and so on)."""
    return ROLE_RANK.get(role, -1) >= ROLE_RANK[needed]


def _check_password(password: str) -> None:
    if len(password or "") < MIN_PASSWORD_LENGTH:
        raise StoreError(f"A password needs at least {MIN_PASSWORD_LENGTH} characters; a short phrase works.")


def _check_role(role: str) -> str:
    if role not in STAFF_ROLES:
        raise StoreError(f"Unknown role {role!r}; use one of {', '.join(STAFF_ROLES)}.")
    return role


def _clean_cities(cities: Iterable[str]) -> list[str]:
    chosen = sorted({normalize_city(city) for city in cities})
    if not chosen:
        raise StoreError("A user must be allowed at least one city.")
    return chosen


def _clean_username(username: str) -> str:
    name = (username or "").strip().lower()
    if not name or len(name) > 64 or any(char.isspace() for char in name):
        raise StoreError(f"Username {username!r} must be 1 to 64 characters without spaces.")
    return name


def create_user(
    bind: Bind,
    *,
    username: str,
    password: str,
    role: str,
    cities: Iterable[str],
    display_name: str | None = None,
    now: dt.datetime | None = None,
) -> Record:
    """A new active account; a taken username raises :class:`StoreError`."""
    _check_password(password)
    moment = resolve_now(now)
    values = {
        "username": _clean_username(username),
        "display_name": (display_name or "").strip() or None,
        "password_hash": _hasher.hash(password),
        "role": _check_role(role),
        "cities": _clean_cities(cities),
        "active": True,
        "failed_logins": 0,
        "created_at": moment,
        "updated_at": moment,
    }
    try:
        with write_transaction(bind) as connection, connection.begin_nested():
            user_id = connection.execute(sa.insert(staff_users).values(**values)).inserted_primary_key[0]
    except sa.exc.IntegrityError:
        raise StoreError(f"The username {values['username']!r} is taken; choose another.") from None
    return get_user(bind, user_id)


def get_user(bind: Bind, user_id: int) -> Record | None:
    with read_transaction(bind) as connection:
        row = connection.execute(sa.select(*_PUBLIC_COLUMNS).where(staff_users.c.id == user_id)).first()
    return as_dict(row)


def list_users(bind: Bind) -> list[Record]:
    with read_transaction(bind) as connection:
        rows = connection.execute(sa.select(*_PUBLIC_COLUMNS).order_by(staff_users.c.username)).all()
    return [as_dict(row) for row in rows]


def update_user(
    bind: Bind,
    user_id: int,
    *,
    role: str | None = None,
    cities: Iterable[str] | None = None,
    active: bool | None = None,
    display_name: str | None = None,
    now: dt.datetime | None = None,
) -> Record:
    """Change what is given; deactivating also ends the user's sessions."""
    changes: dict[str, Any] = {}
    if role is not None:
        changes["role"] = _check_role(role)
    if cities is not None:
        changes["cities"] = _clean_cities(cities)
    if active is not None:
        changes["active"] = bool(active)
    if display_name is not None:
        changes["display_name"] = display_name.strip() or None
    with write_transaction(bind) as connection:
        _update(connection, user_id, changes, resolve_now(now))
        if active is False:
            connection.execute(sa.delete(staff_sessions).where(staff_sessions.c.user_id == user_id))
    return get_user(bind, user_id)


def set_password(bind: Bind, user_id: int, password: str, *, now: dt.datetime | None = None) -> None:
    """A new password (an administrator's reset): unlocks the account and ends its sessions."""
    _check_password(password)
    changes = {"password_hash": _hasher.hash(password), "failed_logins": 0, "locked_until": None}
    with write_transaction(bind) as connection:
        _update(connection, user_id, changes, resolve_now(now))
        connection.execute(sa.delete(staff_sessions).where(staff_sessions.c.user_id == user_id))


def _update(connection: Any, user_id: int, changes: Mapping[str, Any], now: dt.datetime) -> None:
    result = connection.execute(
        sa.update(staff_users).where(staff_users.c.id == user_id).values(**changes, updated_at=now)
    )
    if result.rowcount != 1:
        raise RecordNotFound(f"No staff user has id {user_id!r}.")


def authenticate(
    bind: Bind,
    username: str,
    password: str,
    *,
    max_failures: int,
    lockout: dt.timedelta,
    now: dt.datetime | None = None,
) -> Record | None:
    """The user when the password is right and the account active and unlocked; otherwise None.

    Each wrong password counts; the ``max_failures``-th locks the account for ``lockout``. While locked,
    even the right password is refused. The password is always verified, so every refusal takes as long.
    The (slow) verification runs outside the write transaction, so it never holds the database's lock;
    the counter is then updated on the row as it is at that moment.
    """
    moment = resolve_now(now)
    name = (username or "").strip().lower()
    query = sa.select(staff_users).where(staff_users.c.username == name)
    with read_transaction(bind) as connection:
        user = as_dict(connection.execute(query).first())
    checked = user["password_hash"] if user else _dummy_hash()
    matches = _verify(checked, password or "")
    if user is None:
        return None
    with write_transaction(bind) as connection:
        user = as_dict(connection.execute(query).first())
        locked = user is not None and user["locked_until"] is not None and user["locked_until"] > moment
        if user is None or not user["active"] or locked or user["password_hash"] != checked:
            return None  # gone, deactivated, locked, or its password changed while we checked
        if not matches:
            failures = user["failed_logins"] + 1
            changes: dict[str, Any] = {"failed_logins": failures}
            if failures >= max_failures:
                changes = {"failed_logins": 0, "locked_until": moment + lockout}
            _update(connection, user["id"], changes, moment)
            return None
        changes = {"failed_logins": 0, "locked_until": None, "last_login_at": moment}
        if _hasher.check_needs_rehash(user["password_hash"]):
            changes["password_hash"] = _hasher.hash(password)
        _update(connection, user["id"], changes, moment)
    return get_user(bind, user["id"])


@functools.cache
def _dummy_hash() -> str:
    """A hash nobody's password matches, checked for unknown names so they cost as long as known ones."""
    return _hasher.hash(secrets.token_urlsafe(16))


def _verify(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def start_session(
    bind: Bind, user_id: int, *, lifetime: dt.timedelta, now: dt.datetime | None = None
) -> tuple[str, Record]:
    """A new session: returns the token for the cookie (not stored) and the session row."""
    moment = resolve_now(now)
    token = secrets.token_urlsafe(32)
    values = {
        "token_hash": _token_hash(token),
        "user_id": user_id,
        "csrf_token": secrets.token_urlsafe(32),
        "created_at": moment,
        "expires_at": moment + lifetime,
        "last_seen_at": moment,
    }
    with write_transaction(bind) as connection:
        session_id = connection.execute(sa.insert(staff_sessions).values(**values)).inserted_primary_key[0]
        row = connection.execute(sa.select(staff_sessions).where(staff_sessions.c.id == session_id)).first()
    return token, as_dict(row)


def session_user(bind: Bind, token: str, *, now: dt.datetime | None = None) -> tuple[Record, Record] | None:
    """``(session, user)`` for a cookie's token when the session is current and the user active; else None."""
    if not token:
        return None
    moment = resolve_now(now)
    query = (
        sa.select(staff_sessions, *[column.label(f"staff_user__{column.name}") for column in _PUBLIC_COLUMNS])
        .join(staff_users, staff_users.c.id == staff_sessions.c.user_id)
        .where(staff_sessions.c.token_hash == _token_hash(token))
    )
    with read_transaction(bind) as connection:
        row = as_dict(connection.execute(query).first())
    if row is None or row["expires_at"] <= moment or not row["staff_user__active"]:
        return None
    session = {column.name: row[column.name] for column in staff_sessions.c}
    user = {column.name: row[f"staff_user__{column.name}"] for column in _PUBLIC_COLUMNS}
    if moment - session["last_seen_at"] > SESSION_TOUCH_INTERVAL:
        with write_transaction(bind) as connection:
            connection.execute(
                sa.update(staff_sessions)
                .where(staff_sessions.c.id == session["id"])
                .values(last_seen_at=moment)
            )
    return session, user


def end_session(bind: Bind, token: str) -> None:
    """Sign out: the session row is deleted, so the cookie is worthless even if kept."""
    with write_transaction(bind) as connection:
        connection.execute(sa.delete(staff_sessions).where(staff_sessions.c.token_hash == _token_hash(token)))


def audit(
    bind: Bind,
    *,
    actor: str,
    action: str,
    user_id: int | None = None,
    record_kind: str | None = None,
    reference: str | None = None,
    city: str | None = None,
    changes: Mapping[str, Any] | None = None,
    note: str | None = None,
    now: dt.datetime | None = None,
) -> int:
    """Write one audit entry; joins the caller's transaction when given a connection."""
    values = {
        "occurred_at": resolve_now(now),
        "user_id": user_id,
        "actor": actor[:64],
        "action": action,
        "record_kind": record_kind,
        "reference": reference,
        "city": city,
        "changes": dict(changes or {}),
        "note": note,
    }
    with write_transaction(bind) as connection:
        return int(connection.execute(sa.insert(audit_log).values(**values)).inserted_primary_key[0])


def audit_trail(
    bind: Bind,
    *,
    reference: str | None = None,
    action: str | None = None,
    cities: Iterable[str] | None = None,
    limit: int = 200,
) -> list[Record]:
    """Audit entries, newest first, for one record's reference and/or one action; with ``cities``, only
    entries about those cities' records and those about no record (sign-ins, accounts, exports)."""
    query = sa.select(audit_log).order_by(audit_log.c.occurred_at.desc(), audit_log.c.id.desc())
    if cities is not None:
        query = query.where(sa.or_(audit_log.c.city.in_(list(cities)), audit_log.c.city.is_(None)))
    if reference is not None:
        query = query.where(audit_log.c.reference == reference)
    if action is not None:
        query = query.where(audit_log.c.action == action)
    with read_transaction(bind) as connection:
        return [as_dict(row) for row in connection.execute(query.limit(limit))]
