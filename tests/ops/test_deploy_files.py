"""The deployment files (deploy/): compose, the images, the systemd units and the env file agree with each
other and with the repository. Fast, no network, nothing built or started; docker-compose only checks."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
DOCKER = DEPLOY / "docker"
SYSTEMD = DEPLOY / "systemd"
COMPOSE = DEPLOY / "compose.yml"
EXAMPLE = DEPLOY / "env.cluster.example"
TEMPLATE = DEPLOY / "nginx" / "assistant.conf"
ENDPOINTS = "deploy/rasa/endpoints.yml"
ROOT = "/opt/fog-assistant"

ROLES = ("rasa", "actions", "web", "worker", "nginx")
APP_ROLES = ("actions", "web", "worker")  # one Python 3.11 environment, one shared install
PYTHON_ROLES = ("rasa", *APP_ROLES)
STORES = {"postgres": "postgres:15", "redis": "redis:7"}  # official images, no Dockerfile of ours
# In the env file for deploy/systemd only: compose builds these from its service names.
SEPARATE_MACHINES_ONLY = {
    "DATABASE_URL",
    "TRACKER_STORE_URL",
    "RASA_ENDPOINTS",
    "REDIS_HOST",
    "REDIS_PORT",
    "REDIS_DB",
    "ACTION_SERVER_URL",
    "RASA_URL",
    "BIND_ADDRESS",
}
READ_BY_COMPOSE_ITSELF = {"COMPOSE_PROJECT_NAME"}
COMPOSE_ONLY = {"COMPOSE_PROJECT_NAME", "IMAGE_TAG", "POSTGRES_PASSWORD"}
# .env.example names the cluster does not take from its env file: the embedded SQLite tracker, the fixed
# ports of the commands, and the test-only settings production refuses.
NOT_FOR_THE_CLUSTER = {
    "TRACKER_DB",
    "RASA_PORT",
    "ACTION_SERVER_PORT",
    "WEB_PORT",
    "CLOCK_START",
    "TWILIO_API_BASE_URL",
}
SECRETS = ("SECRET_KEY", "TWILIO_AUTH_TOKEN", "POSTGRES_PASSWORD", "REDIS_PASSWORD", "SMTP_PASSWORD")


# --- reading the files ---------------------------------------------------------------------------------


def compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text())  # merge keys (<<: *settings) are resolved by the loader


def services() -> dict[str, dict]:
    return compose()["services"]


def environment(service: str) -> dict[str, str]:
    env = services()[service].get("environment") or {}
    assert isinstance(env, dict), f"{service}: write environment as a mapping"
    return {key: str(value) for key, value in env.items()}


def env_names(path: Path) -> list[str]:
    """The NAMEs of the uncommented NAME=value lines."""
    return re.findall(r"^([A-Z][A-Z0-9_]*)=", path.read_text(), flags=re.M)


def env_values(path: Path) -> dict[str, str]:
    values = {}
    for line in path.read_text().splitlines():
        match = re.match(r"^([A-Z][A-Z0-9_]*)=(.*)$", line)
        if match:
            values[match.group(1)] = match.group(2).removeprefix('"').removesuffix('"')
    return values


def dockerfile(role: str) -> str:
    """The Dockerfile with its continuation lines joined."""
    return (DOCKER / f"{role}.Dockerfile").read_text().replace("\\\n", " ")


def instructions(role: str) -> list[str]:
    lines = [line.strip() for line in dockerfile(role).splitlines()]
    return [line for line in lines if line and not line.startswith("#")]


def json_form(role: str, instruction: str) -> list[str]:
    (line,) = [line for line in instructions(role) if line.startswith(f"{instruction} ")]
    return json.loads(line[line.index("[") :])


def command(service: str) -> list[str]:
    """What the service runs: compose's command, else its image's CMD."""
    spec = services()[service]
    if "command" in spec:
        return list(spec["command"])
    role = Path(spec["build"]["dockerfile"]).name.removesuffix(".Dockerfile")
    return json_form(role, "CMD")


def placeholders() -> set[str]:
    return set(re.findall(r"\$\{([A-Z][A-Z0-9_]*)\}", TEMPLATE.read_text()))


def unit(path: Path) -> dict[str, list[str]]:
    """A unit's settings, each key with all its values (Environment= and others repeat)."""
    settings: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";", "[")):
            continue
        key, _, value = line.partition("=")
        settings.setdefault(key, []).append(value)
    return settings


def units() -> list[Path]:
    return sorted(SYSTEMD.glob("fog-assistant*"))


def setup_environments() -> dict[str, tuple[str, str]]:
    """scripts/setup.sh's environments: name -> (Python version, lock file)."""
    text = (REPO / "scripts" / "setup.sh").read_text()
    found = re.findall(r"^ensure_env (\w+) (\d+\.\d+) (\S+)$", text, flags=re.M)
    assert found, "scripts/setup.sh no longer names its environments as `ensure_env NAME VERSION LOCK`"
    return {name: (version, lock) for name, version, lock in found}


def module_exists(module: str) -> bool:
    path = REPO / module.replace(".", "/")
    return path.with_suffix(".py").is_file() or (path / "__main__.py").is_file()


# --- compose -------------------------------------------------------------------------------------------


def test_compose_config_passes_with_docker_compose():
    if shutil.which("docker-compose") is None:
        pytest.skip("docker-compose is not installed (scripts/setup.sh's machines have Debian's 1.29)")
    result = subprocess.run(
        ["docker-compose", "-f", "compose.yml", "--env-file", "env.cluster.example", "config", "-q"],
        cwd=DEPLOY,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    # An unset ${NAME} is only a warning (and an empty value in the container): treat it as the error it is.
    assert "is not set" not in result.stderr, result.stderr


def test_every_role_has_its_dockerfile_and_context():
    listed = services()
    for role in ROLES:
        assert role in listed, f"compose has no {role} service"
        build = listed[role].get("build") or {}
        assert build.get("dockerfile") == f"deploy/docker/{role}.Dockerfile", role
        assert (DEPLOY / build.get("context", ".")).resolve() == REPO, f"{role}: the context is the repo root"
    for name, spec in listed.items():
        if "build" in spec:
            assert (REPO / spec["build"]["dockerfile"]).is_file(), name
            assert (REPO / f"{spec['build']['dockerfile']}.dockerignore").is_file(), name
        else:
            assert name in STORES and spec["image"].startswith(STORES[name]), f"{name}: no image to build"
    assert listed["migrate"]["build"]["dockerfile"] == "deploy/docker/web.Dockerfile"


def strings(node: object) -> list[str]:
    """Every string in a loaded YAML document, keys and values (not its comments)."""
    if isinstance(node, dict):
        return [text for key, value in node.items() for text in (*strings(key), *strings(value))]
    if isinstance(node, list):
        return [text for item in node for text in strings(item)]
    return [node] if isinstance(node, str) else []


def test_compose_names_only_settings_the_env_file_defines():
    text = "\n".join(strings(compose()))
    used = set(re.findall(r"(?<!\$)\$\{([A-Z][A-Z0-9_]*)", text))
    defined = set(env_names(EXAMPLE))
    assert used, "compose takes no value from the env file?"
    assert used <= defined, f"compose uses names env.cluster.example does not define: {used - defined}"
    unused = defined - used - SEPARATE_MACHINES_ONLY - READ_BY_COMPOSE_ITSELF
    assert not unused, f"env.cluster.example defines names compose never passes on: {unused}"


def test_env_file_covers_every_documented_setting():
    documented = set(env_names(REPO / ".env.example"))
    missing = documented - set(env_names(EXAMPLE)) - NOT_FOR_THE_CLUSTER
    assert not missing, f"settings of .env.example missing from env.cluster.example: {missing}"


def test_env_file_reads_the_same_in_systemd_compose_and_a_shell():
    names = env_names(EXAMPLE)
    assert len(names) == len(set(names)), "a name is defined twice"
    for line in EXAMPLE.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        assert re.match(r"^[A-Z][A-Z0-9_]*=", line), f"not NAME=value: {line!r}"
        value = line.split("=", 1)[1]
        if value.startswith('"'):
            assert value.endswith('"') and value.count('"') == 2, f"quote the whole value: {line!r}"
        else:
            # systemd would keep a trailing comment as part of the value; a space needs quotes.
            assert " " not in value and "#" not in value, f"unquoted space or comment: {line!r}"


def test_env_file_holds_placeholders_that_production_refuses():
    from config.settings import Settings, SettingsError

    values = env_values(EXAMPLE)
    for name in SECRETS:
        assert values[name] == "" or values[name].startswith("changeme"), f"{name} must be a placeholder"
    with pytest.raises(SettingsError):
        Settings.from_env(values)
    filled = {
        **values,
        "SECRET_KEY": "s" * 48,
        "TWILIO_ACCOUNT_SID": "AC" + "1" * 32,
        "TWILIO_AUTH_TOKEN": "f" * 32,
        "TWILIO_SMS_NUMBER": "+17605550100",
    }
    settings = Settings.from_env(filled)  # every other value of the example is valid as it stands
    assert settings.mode == "production"


def test_every_python_role_gets_every_setting():
    shared = set(env_names(EXAMPLE)) - SEPARATE_MACHINES_ONLY - COMPOSE_ONLY - {"REDIS_PASSWORD"}
    for role in PYTHON_ROLES:
        env = environment(role)
        assert shared <= set(env), f"{role} lacks {shared - set(env)}"
        assert env["DATABASE_URL"].startswith("postgresql+psycopg2://assistant:"), role
        assert env["DATABASE_URL"].endswith("@postgres:5432/assistant"), role
    assert set(environment("migrate")) == {"DATABASE_URL"}  # the schema needs nothing else
    for store in STORES:
        assert not {"SECRET_KEY", "TWILIO_AUTH_TOKEN"} & set(environment(store)), store


def test_rasa_runs_with_the_cluster_endpoints_and_gets_all_they_name():
    assert (REPO / ENDPOINTS).is_file()
    rasa = command("rasa")
    assert rasa[:2] == [".venv/rasa/bin/rasa", "run"]
    assert rasa[rasa.index("--endpoints") + 1] == ENDPOINTS
    assert (REPO / rasa[rasa.index("--credentials") + 1]).is_file()
    assert rasa[rasa.index("--model") + 1] == "var/models/assistant.tar.gz"
    env = environment("rasa")
    assert env["RASA_ENDPOINTS"] == ENDPOINTS
    needed = set(re.findall(r"\$\{([A-Z][A-Z0-9_]*)\}", (REPO / ENDPOINTS).read_text()))
    assert needed, "deploy/rasa/endpoints.yml reads nothing from the environment?"
    assert needed <= set(env), f"rasa's environment lacks {needed - set(env)}"
    assert needed <= set(env_names(EXAMPLE)), "the systemd env file lacks a name of the endpoints"
    assert env["TRACKER_STORE_URL"].endswith("@postgres:5432/rasa_tracker")


def test_replicas_and_the_one_worker():
    listed = services()
    assert listed["rasa"].get("scale", 1) >= 2
    assert listed["actions"].get("scale", 1) >= 2
    assert listed["worker"].get("scale", 1) == 1
    for name, spec in listed.items():
        assert "deploy" not in spec, f"{name}: docker-compose 1.29 ignores deploy:, use scale:"


def test_start_order():
    listed = services()

    def waits_for(name: str) -> dict[str, str]:
        return {dep: spec["condition"] for dep, spec in listed[name].get("depends_on", {}).items()}

    assert waits_for("migrate") == {"postgres": "service_healthy"}
    for role in PYTHON_ROLES:
        assert waits_for(role)["migrate"] == "service_completed_successfully", role
    assert waits_for("rasa")["redis"] == "service_healthy"
    assert waits_for("nginx") == {role: "service_healthy" for role in ("rasa", "actions", "web")}
    assert listed["migrate"]["restart"] == "no"
    assert "rasa_tracker" in " ".join(listed["postgres"]["entrypoint"])  # the init script creates it
    assert "rasa_tracker" in " ".join(listed["postgres"]["healthcheck"]["test"])


def test_nginx_gets_every_placeholder_and_only_8080_is_published():
    env = environment("nginx")
    assert placeholders() <= set(env), f"nginx lacks {placeholders() - set(env)}"
    listened = re.findall(r"listen \$\{([A-Z_]+)\};", TEMPLATE.read_text())
    (internal,) = [name for name in listened if name != "LISTEN"]
    internal_port = env[internal].rsplit(":", 1)[1]
    assert env["LISTEN"].endswith(":8080")
    published = {name: spec["ports"] for name, spec in services().items() if spec.get("ports")}
    assert published == {"nginx": ["8080:8080"]}
    aliases = services()["nginx"]["networks"]["default"]["aliases"]
    for role, variable in (("rasa", "ACTION_SERVER_URL"), ("web", "ACTION_SERVER_URL"), ("web", "RASA_URL")):
        url = environment(role)[variable]
        host, port = re.match(r"http://([^:/]+):(\d+)", url).groups()
        assert host in aliases and port == internal_port, f"{role} {variable}={url} misses the balancer"
    # The internal listener must route what is sent to it: the action calls and Rasa's REST channel.
    text = TEMPLATE.read_text()
    block = text[text.index(f"listen ${{{internal}}}") :]
    block = block[: block.index("\n    server {")] if "\n    server {" in block else block
    for route in ("location = /webhook ", "location = /health ", "location = /webhooks/rest/webhook "):
        assert route in block, f"the internal listener has no `{route.strip()}`"


def test_shared_folders():
    paths = (REPO / "config" / "paths.py").read_text()
    assert 'DOCUMENTS_DIR = VAR / "documents"' in paths and 'VAR = REPO / "var"' in paths
    documents = f"{ROOT}/var/documents"
    mounts = {name: spec.get("volumes", []) for name, spec in services().items()}
    assert f"documents:{documents}" in mounts["actions"]
    assert f"documents:{documents}:ro" in mounts["web"]
    run = environment("worker")["RUN_DIR"]
    assert environment("web")["RUN_DIR"] == run
    assert f"run:{run}" in mounts["worker"] and f"run:{run}:ro" in mounts["web"]


# --- images --------------------------------------------------------------------------------------------


def test_python_images_install_from_their_lock_with_hashes():
    envs = setup_environments()
    for role in PYTHON_ROLES:
        env = "rasa" if role == "rasa" else "app"
        version, lock = envs[env]
        text = dockerfile(role)
        assert f"FROM python:{version}-slim-bookworm" in text, f"{role}: not Python {version}"
        installs = re.findall(r"pip install ([^;&|]*)", text)
        hashed = [args for args in installs if "--require-hashes" in args]
        assert hashed, f"{role}: nothing installed with --require-hashes"
        for args in installs:
            if "--require-hashes" in args:
                assert f"-r {lock}" in args and "--no-deps" in args, f"{role}: {args}"
            else:  # torch's CPU build, the one package outside the lock, as scripts/setup.sh does
                assert '"$torch_pin"' in args and '--index-url "$TORCH_INDEX_URL"' in args, f"{role}: {args}"
        assert f".venv/{env}/bin/pip install" in text
    assert "pip" not in dockerfile("nginx")


def test_app_images_share_every_layer_up_to_user():
    def common(role: str) -> list[str]:
        lines = instructions(role)
        return lines[: next(i for i, line in enumerate(lines) if line.startswith("USER "))]

    first = common(APP_ROLES[0])
    assert any("pip install" in line for line in first)
    for role in APP_ROLES[1:]:
        assert common(role) == first, f"{role}.Dockerfile differs from {APP_ROLES[0]}.Dockerfile before USER"


def test_python_images_copy_the_code_and_nothing_else():
    config = (REPO / ".importlinter").read_text()
    block = config.split("root_packages =", 1)[1].split("\n[", 1)[0]
    packages = re.findall(r"^\s+(\w+)\s*$", block.split("\ninclude_external_packages", 1)[0], flags=re.M)
    assert len(packages) > 5
    for role in PYTHON_ROLES:
        copies = [line.split()[1:] for line in instructions(role) if line.startswith("COPY ")]
        sources = [source for *sources, _ in copies for source in sources]
        for package in packages:
            assert [f"{package}/", f"{package}/"] in copies, f"{role} does not copy {package}/"
        for source in sources:
            assert source not in (".", "./", "var/", "var") and not source.startswith((".venv", ".env")), role
            artifact = source.split("/")[1] if source.startswith("var/") else "index"
            assert artifact in ("index", "models", "spacy"), f"{role} copies {source}"
    rasa = [line for line in instructions("rasa") if line.startswith("COPY ")]
    assert "COPY var/models/assistant.tar.gz var/models/" in rasa and "COPY var/spacy/ var/spacy/" in rasa
    assert "COPY var/index/ var/index/" in instructions("actions")


def test_build_contexts_leave_out_environments_secrets_and_personal_data():
    for role in PYTHON_ROLES:
        patterns = (DOCKER / f"{role}.Dockerfile.dockerignore").read_text().split()
        for excluded in (".git", ".venv", ".env", "var/*"):
            assert excluded in patterns, f"{role}: {excluded} is not excluded"
        kept = {pattern[1:] for pattern in patterns if pattern.startswith("!")}
        assert kept <= {"var/index", "var/models", "var/spacy", ".env.example"}, kept
    nginx = [line for line in (DOCKER / "nginx.Dockerfile.dockerignore").read_text().split() if line]
    assert nginx[-2:] == ["*", "!deploy/nginx/assistant.conf"]


def test_images_run_unprivileged_with_health_checks():
    ports = {"rasa": "5005", "actions": "5055", "web": "8000", "nginx": "8080"}
    for role in ROLES:
        lines = instructions(role)
        users = [line.split()[1] for line in lines if line.startswith("USER ")]
        assert users and users[-1] not in ("root", "0"), f"{role} runs as root"
        last_run = max(i for i, line in enumerate(lines) if line.startswith("RUN "))
        assert lines.index(f"USER {users[-1]}") > last_run, f"{role}: a RUN after USER runs as the user"
        assert any(line.startswith("HEALTHCHECK ") for line in lines), f"{role} has no HEALTHCHECK"
        if role in ports:
            probe = " ".join(json_form(role, "HEALTHCHECK"))
            assert f"127.0.0.1:{ports[role]}" in probe or f"127.0.0.1/{ports[role]}" in probe, role
    for role, port in ports.items():
        if role != "nginx":
            cmd = json_form(role, "CMD")
            assert port in cmd and "0.0.0.0" in cmd, f"{role} must listen on {port} on every interface"


def test_the_nginx_image_fills_exactly_the_template_placeholders(tmp_path):
    if shutil.which("envsubst") is None:
        pytest.skip("envsubst (gettext-base) is not installed")
    script = json_form("nginx", "CMD")[2].replace("/etc/fog-assistant/assistant.conf", str(TEMPLATE))
    # Render only: an `nginx` that accepts anything (the upstream names resolve inside compose alone).
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "nginx").write_text("#!/bin/sh\nexit 0\n")
    (bin_dir / "nginx").chmod(0o755)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "PREFIX": str(tmp_path)}
    env |= {name: value for name, value in environment("nginx").items() if name != "PREFIX"}
    result = subprocess.run(["sh", "-c", script], env=env, capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    rendered = (tmp_path / "nginx.conf").read_text()
    assert not re.search(r"\$\{[A-Z_]+\}", rendered)
    assert "server rasa:5005 max_fails=1" in rendered and "$http_host" in rendered  # nginx's own stay
    del env["WEB_SERVERS"]
    missing = subprocess.run(["sh", "-c", script], env=env, capture_output=True, text=True, timeout=30)
    assert missing.returncode == 64 and "WEB_SERVERS" in missing.stderr


# --- systemd -------------------------------------------------------------------------------------------


def test_units_name_commands_that_exist_in_the_repository():
    envs = setup_environments()
    checked = 0
    for path in units():
        settings = unit(path)
        for line in settings.get("ExecStart", []) + settings.get("ExecStartPre", []):
            words = shlex.split(line)
            program = words[0]
            if program.startswith("/usr/sbin/"):  # nginx: the system's (scripts/setup.sh installs it)
                continue
            assert program.startswith(f"{ROOT}/"), f"{path.name}: {program} is outside the checkout"
            relative = program.removeprefix(f"{ROOT}/")
            env = relative.split("/")[1]
            assert relative.startswith(f".venv/{env}/bin/") and env in envs, f"{path.name}: {relative}"
            if "-m" in words:
                module = words[words.index("-m") + 1]
                if module == "uvicorn":  # the server is in the environment; the app it serves is ours
                    file, attribute = words[words.index("uvicorn") + 1].split(":")
                    source = REPO / (file.replace(".", "/") + ".py")
                    assert re.search(rf"^{attribute} = ", source.read_text(), flags=re.M), path.name
                else:
                    assert module_exists(module), f"{path.name}: no module {module}"
            else:
                assert relative == ".venv/rasa/bin/rasa" and words[1] == "run", path.name
                for option in ("--endpoints", "--credentials"):
                    assert (REPO / words[words.index(option) + 1]).is_file(), f"{path.name} {option}"
                assert words[words.index("--endpoints") + 1] == ENDPOINTS
            checked += 1
    assert checked >= 5
    for module in ("actions.server", "web.app", "worker", "store.migrate"):
        assert module_exists(module), module


def test_units_run_hardened_as_the_service_user():
    names = {path.name for path in units()}
    roles = {
        "fog-assistant-migrate.service",
        "fog-assistant-rasa@.service",
        "fog-assistant-actions@.service",
        "fog-assistant-web.service",
        "fog-assistant-worker.service",
    }
    assert roles | {"fog-assistant.target"} <= names
    defined = set(env_names(EXAMPLE))
    for name in names - {"fog-assistant.target"}:
        settings = unit(SYSTEMD / name)
        for key, value in (
            ("User", "fog-assistant"),
            ("Restart", "on-failure"),
            ("NoNewPrivileges", "yes"),
            ("ProtectSystem", "strict"),
            ("PrivateTmp", "yes"),
        ):
            assert settings.get(key) == [value], f"{name}: {key}={settings.get(key)}"
        assert settings["WantedBy"] == ["fog-assistant.target"], name
        if name in roles:
            assert settings["WorkingDirectory"] == [ROOT], name
            assert settings["EnvironmentFile"] == ["/etc/fog-assistant/env"], name
            assert settings["ReadWritePaths"] == [f"{ROOT}/var"], name
            own = {word.split("=")[0] for line in settings.get("Environment", []) for word in line.split()}
            assert {"PYTHONPATH", "HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "RASA_TELEMETRY_ENABLED"} <= own
            used = set(re.findall(r"\$\{([A-Z_]+)\}", " ".join(settings["ExecStart"])))
            assert used <= own | defined, f"{name} expands names nothing sets: {used - own - defined}"
        if name in roles - {"fog-assistant-migrate.service"}:
            assert "fog-assistant-migrate.service" in settings["Requires"][0].split(), name
            assert "fog-assistant-migrate.service" in " ".join(settings["After"]).split(), name
        if "@" in name:
            assert "--port %i" in settings["ExecStart"][0], f"{name}: the instance is the port"
    migrate = unit(SYSTEMD / "fog-assistant-migrate.service")
    assert migrate["Type"] == ["oneshot"] and migrate["RemainAfterExit"] == ["yes"]


def test_the_documented_proxy_render_command_works():
    readme = (DEPLOY / "README.md").read_text()
    start = readme.index(".venv/app/bin/python -m ops.proxy render")
    lines = []
    for line in readme[start:].splitlines():
        lines.append(line.rstrip("\\").strip())
        if not line.endswith("\\"):
            break
    words = shlex.split(" ".join(lines).split("|")[0])
    assert words[:4] == [".venv/app/bin/python", "-m", "ops.proxy", "render"]
    result = subprocess.run(
        [sys.executable, *words[1:]], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert "server 10.0.0.11:5006 max_fails=1" in result.stdout
    assert not re.search(r"\$\{[A-Z_]+\}", result.stdout)
