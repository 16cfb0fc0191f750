"""``AtomicRedisLockStore``: Rasa's Redis ticket lock, with every read-modify-write as one transaction.

Rasa 3.6's ``RedisLockStore`` issues a ticket by reading the lock, adding a ticket and writing it back, in
three separate commands. Two replicas that receive messages of one conversation at the same instant can both
read "no lock", both write a lock holding ticket 0, and both handle their message at once: the lock that
should serialize a conversation's messages does not. Here issuing, expiring and returning a ticket each run
under ``WATCH`` / ``MULTI`` and start again if another replica changed the lock in between, so every ticket
is distinct and the second message waits for the first. ``deploy/rasa/endpoints.yml`` selects it
(``type: nlp.lock_store.AtomicRedisLockStore``); the embedded default (one process, in memory) needs none.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import redis
from rasa.core.lock import TicketLock
from rasa.core.lock_store import LOCK_LIFETIME, LockError, RedisLockStore
from rasa.utils.endpoints import EndpointConfig

T = TypeVar("T")
Change = Callable[[TicketLock | None], tuple[TicketLock | None, T]]


class AtomicRedisLockStore(RedisLockStore):
    def __init__(self, endpoint_config: EndpointConfig) -> None:
        kwargs: dict[str, Any] = dict(endpoint_config.kwargs)
        super().__init__(host=endpoint_config.url or "localhost", **kwargs)

    def _change(self, conversation_id: str, change: Change[T]) -> T:
        """Apply ``change`` to the stored lock (None: there is none) in one transaction; it returns the lock
        to store (None: delete it) and a result."""
        key = self.key_prefix + conversation_id
        with self.red.pipeline() as pipe:
            while True:
                try:
                    pipe.watch(key)
                    raw = pipe.get(key)
                    lock = TicketLock.from_dict(json.loads(raw)) if raw else None
                    new, result = change(lock)
                    pipe.multi()
                    if new is None:
                        pipe.delete(key)
                    else:
                        pipe.set(key, new.dumps())
                    pipe.execute()
                    return result
                except redis.WatchError:
                    continue  # another replica changed the lock first: read it again

    def issue_ticket(self, conversation_id: str, lock_lifetime: float = LOCK_LIFETIME) -> int:
        def issue(lock: TicketLock | None) -> tuple[TicketLock, int]:
            lock = lock or self.create_lock(conversation_id)
            return lock, lock.issue_ticket(lock_lifetime)

        try:
            return self._change(conversation_id, issue)
        except redis.RedisError as error:
            raise LockError(f"Error while acquiring lock. Error:\n{error}") from error

    def update_lock(self, conversation_id: str) -> None:
        def expire(lock: TicketLock | None) -> tuple[TicketLock | None, None]:
            if lock is not None:
                lock.remove_expired_tickets()
            return lock, None

        self._change(conversation_id, expire)

    def finish_serving(self, conversation_id: str, ticket_number: int) -> None:
        def finish(lock: TicketLock | None) -> tuple[TicketLock | None, None]:
            if lock is not None:
                lock.remove_ticket_for(ticket_number)
            return lock, None

        self._change(conversation_id, finish)

    def cleanup(self, conversation_id: str, ticket_number: int) -> None:
        """Return the ticket, and delete the lock if no one else holds one, in one step (two steps could
        delete a ticket another replica issued in between)."""

        def done(lock: TicketLock | None) -> tuple[TicketLock | None, None]:
            if lock is None:
                return None, None
            lock.remove_ticket_for(ticket_number)
            return (lock if lock.is_someone_waiting() else None), None

        self._change(conversation_id, done)
