# The worker (`python -m worker`): the scheduler. The outbox to city staff and reporters, pump-out reminders,
# abandoned spill reports, retention. Run exactly ONE in the whole deployment: two would send every
# notification and reminder twice.
#
# Build from the repository root, AFTER `make build` on the build machine:
#   DOCKER_BUILDKIT=1 docker build -f deploy/docker/worker.Dockerfile -t fog-assistant/worker .
# BuildKit reads worker.Dockerfile.dockerignore beside this file (no .venv, .env, .git or var/documents in
# the build context). deploy/README.md, "Images", explains the choices.
#
# actions, web and worker run the same Python 3.11 environment: their Dockerfiles are identical up to
# `USER` (tests/ops/test_deploy_files.py checks it), so the three images share those layers and the
# environment is installed once.
FROM python:3.11-slim-bookworm

# The index for the hashed lock (PyPI or your mirror; no credentials here: build arguments stay in the
# image's history) and PyTorch's CPU-only index for torch, the one package outside the lock (below).
ARG PIP_INDEX_URL=https://pypi.org/simple
ARG TORCH_INDEX_URL=https://download.pytorch.org/whl/cpu

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONPATH=/opt/fog-assistant \
    HF_HUB_OFFLINE=1 \
    TRANSFORMERS_OFFLINE=1 \
    TOKENIZERS_PARALLELISM=false \
    RASA_TELEMETRY_ENABLED=false \
    HOME=/home/fog-assistant

# DejaVu Sans: the drafted PDFs embed it so they can carry any name a user types (documents/pdf.py).
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*

# The same user and ids in every image, so the shared volumes (var/documents, var/run) agree on owners.
RUN groupadd --system --gid 10001 fog-assistant \
 && useradd --system --uid 10001 --gid fog-assistant --create-home --home-dir /home/fog-assistant \
      --shell /usr/sbin/nologin fog-assistant

WORKDIR /opt/fog-assistant

# As scripts/setup.sh does: torch's CPU build first, outside the hashed lock (any other torch request pulls
# a multi-GB CUDA build; the lock leaves torch out and holds its dependencies), then every pinned package
# with its hash checked and nothing else (--no-deps).
COPY requirements/app.in requirements/app.lock requirements/
RUN set -eu; \
    python -m venv .venv/app; \
    torch_pin="$(grep -E '^torch==' requirements/app.in | sed 's/ .*//' || true)"; \
    if [ -n "$torch_pin" ]; then \
      .venv/app/bin/pip install --no-deps --index-url "$TORCH_INDEX_URL" "$torch_pin"; \
    fi; \
    .venv/app/bin/pip install --no-deps --require-hashes -r requirements/app.lock; \
    .venv/app/bin/python -c "import torch, sentence_transformers, faiss, rasa_sdk, uvicorn, psycopg2"

# The code: the packages of .importlinter (root_packages), owned by root and read-only to the user.
COPY languages/ languages/
COPY cities/ cities/
COPY config/ config/
COPY compliance/ compliance/
COPY knowledge/ knowledge/
COPY sorting/ sorting/
COPY intake/ intake/
COPY calculations/ calculations/
COPY store/ store/
COPY shaping/ shaping/
COPY documents/ documents/
COPY actions/ actions/
COPY channels/ channels/
COPY web/ web/
COPY worker/ worker/
COPY nlp/ nlp/
COPY ops/ ops/

# The ordinance index from `make index`. `knowledge build` only loads it when it matches the code above;
# if it does not, it embeds what is missing now, so no replica ever starts by writing its own index. It runs
# as root: the user's home (caches) and writable folders are handed to the user afterwards.
COPY var/index/ var/index/
RUN .venv/app/bin/python -m knowledge build \
 && mkdir -p var/documents var/run \
 && chown -R fog-assistant:fog-assistant var/documents var/run /home/fog-assistant

USER fog-assistant

# The worker serves no HTTP: it is healthy while its heartbeat (RUN_DIR/worker.heartbeat, every 10 s) is
# fresh, which is also what the web app's /health reads from the same folder (config/heartbeat.py).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD ["/opt/fog-assistant/.venv/app/bin/python", "-c", "import os, sys; from config.heartbeat import worker_state; sys.exit(worker_state(os.environ.get('RUN_DIR', '/opt/fog-assistant/var/run')) != 'up')"]
CMD [".venv/app/bin/python", "-m", "worker"]
