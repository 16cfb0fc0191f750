"""The atomic Redis ticket lock (nlp/lock_store.py) against a real redis-server, in the Rasa environment."""

from __future__ import annotations

import socket
import subprocess
import threading
import time
from collections.abc import Iterator

import pytest
import redis
from rasa.utils.endpoints import EndpointConfig

from nlp.lock_store import AtomicRedisLockStore

pytestmark = pytest.mark.connector  # redis-server comes from Debian, installed by make setup


@pytest.fixture(scope="module")
def redis_port() -> Iterator[int]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        client = redis.StrictRedis(port=port)
        for _ in range(100):
            try:
                client.ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=10)


def _store(port: int) -> AtomicRedisLockStore:
    config = EndpointConfig(url="127.0.0.1", port=port, db=0, key_prefix="test")
    return AtomicRedisLockStore(endpoint_config=config)


def _tickets_issued_at_once(stores: list, conversation_id: str) -> list[int]:
    """One ticket from each store (a replica each), all asked for at the same instant."""
    start = threading.Barrier(len(stores))
    tickets: list[int] = []

    def issue(store) -> None:
        start.wait()
        tickets.append(store.issue_ticket(conversation_id))

    threads = [threading.Thread(target=issue, args=(store,)) for store in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return tickets


def test_replicas_asking_at_the_same_instant_each_get_their_own_ticket(redis_port):
    stores = [_store(redis_port) for _ in range(4)]
    for round_ in range(30):
        tickets = _tickets_issued_at_once(stores, f"atomic-{round_}")
        assert sorted(tickets) == [0, 1, 2, 3]


def test_a_returned_ticket_lets_the_next_one_in_and_the_last_one_deletes_the_lock(redis_port):
    store = _store(redis_port)
    first, second = store.issue_ticket("serve"), store.issue_ticket("serve")
    lock = store.get_lock("serve")
    assert lock.is_locked(second) and not lock.is_locked(first)
    store.cleanup("serve", first)
    assert not store.get_lock("serve").is_locked(second)
    store.cleanup("serve", second)
    assert store.get_lock("serve") is None
