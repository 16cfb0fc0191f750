"""The nginx template rendered for several replicas of each part is a configuration nginx accepts."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from ops.proxy import render, server_lines


def test_every_replica_is_an_upstream_member_and_nginx_accepts_the_result(tmp_path):
    conf = render(
        "127.0.0.1:18080",
        ["10.0.0.11:5005", "10.0.0.12:5005"],
        ["10.0.0.21:8000"],
        tmp_path,
        actions=["10.0.0.31:5055", "10.0.0.32:5055"],
        internal_listen="10.0.0.5:8081",
    )
    upstream = {name: body for name, body in re.findall(r"upstream (\w+) \{(.*?)\}", conf, flags=re.S)}
    assert re.findall(r"server ([\d.:]+)", upstream["rasa"]) == ["10.0.0.11:5005", "10.0.0.12:5005"]
    assert re.findall(r"server ([\d.:]+)", upstream["actions"]) == ["10.0.0.31:5055", "10.0.0.32:5055"]
    assert "listen 10.0.0.5:8081;" in conf and "${" not in conf
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    # nginx -t resolves nothing but needs the listen addresses only to parse: test a loopback rendering.
    local = render("127.0.0.1:18080", ["127.0.0.1:5005", "127.0.0.1:5006"], ["127.0.0.1:8000"], tmp_path)
    (tmp_path / "nginx.conf").write_text(local)
    check = subprocess.run(
        [nginx, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-t"], capture_output=True
    )
    assert check.returncode == 0, check.stderr.decode()


def test_an_upstream_without_members_is_refused():
    with pytest.raises(ValueError, match="at least one server"):
        server_lines([])
