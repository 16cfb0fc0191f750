"""The supervisor restarts a service that dies, with backoff, and a SIGTERM stops every child."""

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

from config import Ports
from ops.stack import Service, Stack

REPO = Path(__file__).resolve().parents[2]


def sleeper_stack(tmp_path: Path, services: list[Service]) -> Stack:
    stack = Stack(ports=Ports(rasa=1, actions=2, web=3), var_dir=tmp_path / "var", log_dir=tmp_path / "logs")
    stack.services = services
    return stack


def test_a_service_that_dies_is_restarted_and_logged(tmp_path, capsys):
    starts = tmp_path / "starts"
    dies = [sys.executable, "-c", f"open({str(starts)!r}, 'a').write('x'); raise SystemExit(3)"]
    stack = sleeper_stack(tmp_path, [Service("flaky", dies, None)])
    for service in stack.services:
        stack.spawn(service)
    stop = threading.Event()
    supervisor = threading.Thread(target=stack.supervise, args=(stop.is_set,), kwargs={"poll_seconds": 0.05})
    supervisor.start()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and len(starts.read_text() if starts.exists() else "") < 3:
        time.sleep(0.1)
    stop.set()
    supervisor.join(timeout=10)
    stack.stop()
    assert len(starts.read_text()) >= 3  # started, restarted after 1 s, again after 2 s
    err = capsys.readouterr().err
    assert "flaky exited with code 3; restarting in 1 s" in err and "restarting in 2 s" in err
    assert "flaky restarted" in err


def test_sigterm_to_the_supervisor_stops_every_child(tmp_path):
    pids = tmp_path / "pids"
    script = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(REPO)!r})
        from pathlib import Path
        from config import Ports
        from ops.stack import Service, Stack, run_until_signalled
        record = "open({str(pids)!r}, 'a').write(str(os.getpid()) + chr(10))"
        child = [sys.executable, "-c", "import os, time; " + record + "; time.sleep(600)"]
        stack = Stack(ports=Ports(rasa=1, actions=2, web=3), var_dir=Path({str(tmp_path)!r}) / "var")
        stack.services = [Service("a", child, None), Service("b", child, None)]
        for service in stack.services:
            stack.spawn(service)
        print("ready", flush=True)
        sys.exit(run_until_signalled(stack))
        """
    )
    supervisor = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert supervisor.stdout.readline().strip() == "ready"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and (not pids.exists() or len(pids.read_text().split()) < 2):
        time.sleep(0.1)
    children = [int(pid) for pid in pids.read_text().split()]
    supervisor.send_signal(signal.SIGTERM)
    assert supervisor.wait(timeout=30) == 0
    for pid in children:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        raise AssertionError(f"child {pid} still running after SIGTERM to the supervisor")


def test_a_start_that_fails_leaves_no_service_running(tmp_path):
    pids = tmp_path / "pids"
    record = f"open({str(pids)!r}, 'a').write(str(os.getpid()) + chr(10))"
    sleeper = [sys.executable, "-c", f"import os, time; {record}; time.sleep(600)"]
    stack = sleeper_stack(tmp_path, [Service("sleeper", sleeper, "http://127.0.0.1:9/never")])
    try:
        stack.start(timeout=2)
    except TimeoutError:
        pass
    else:
        raise AssertionError("a service that never answers its health check must fail the start")
    [pid] = [int(p) for p in pids.read_text().split()]
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return
    raise AssertionError(f"service {pid} left running after a failed start")
