"""The worker's heartbeat: beating keeps it up; stopping lets it go stale."""

import threading
import time

from config.heartbeat import STALE_AFTER_SECONDS, beat_until, worker_state


def test_beating_keeps_the_worker_up_and_a_stale_beat_is_down(tmp_path):
    assert worker_state(tmp_path) == "down"  # never beaten
    stop = threading.Event()
    beating = threading.Thread(target=beat_until, args=(stop, tmp_path), kwargs={"every": 0.05})
    beating.start()
    time.sleep(0.2)
    stop.set()
    beating.join(timeout=5)
    assert not beating.is_alive()
    assert worker_state(tmp_path) == "up"
    assert worker_state(tmp_path, now=time.time() + STALE_AFTER_SECONDS + 1) == "down"
