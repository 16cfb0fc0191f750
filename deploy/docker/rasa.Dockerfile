# The Rasa server (Rasa 3.6.21 on Python 3.10, port 5005) with our channel connectors (channels/: the
# Twilio SMS and voice webhooks, which also write to the app database). Stateless: conversations live in
# PostgreSQL (the tracker store) and each conversation's lock in Redis (deploy/rasa/endpoints.yml), so any
# replica can take any turn.
#
# Build from the repository root, AFTER `make build` on the build machine: the trained model
# (var/models/assistant.tar.gz) and the spaCy pipeline it was trained with (var/spacy) are copied, not
# trained here (deploy/README.md, "Images", says why):
#   DOCKER_BUILDKIT=1 docker build -f deploy/docker/rasa.Dockerfile -t fog-assistant/rasa .
# BuildKit reads rasa.Dockerfile.dockerignore beside this file (no .venv, .env, .git or var/documents in the
# build context).
FROM python:3.10-slim-bookworm

# The index for the hashed lock (PyPI or your mirror; no credentials here: build arguments stay in the
# image's history) and PyTorch's CPU-only index, used only if requirements/rasa.in ever pins torch.
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
    RASA_ENDPOINTS=deploy/rasa/endpoints.yml \
    HOME=/home/fog-assistant

# The same user and ids in every image (deploy/docker/actions.Dockerfile).
RUN groupadd --system --gid 10001 fog-assistant \
 && useradd --system --uid 10001 --gid fog-assistant --create-home --home-dir /home/fog-assistant \
      --shell /usr/sbin/nologin fog-assistant

WORKDIR /opt/fog-assistant

# As scripts/setup.sh does for the rasa environment: every pinned package with its hash checked and nothing
# else (--no-deps); a torch pin in requirements/rasa.in would be installed first, from the CPU index.
COPY requirements/rasa.in requirements/rasa.lock requirements/
RUN set -eu; \
    python -m venv .venv/rasa; \
    torch_pin="$(grep -E '^torch==' requirements/rasa.in | sed 's/ .*//' || true)"; \
    if [ -n "$torch_pin" ]; then \
      .venv/rasa/bin/pip install --no-deps --index-url "$TORCH_INDEX_URL" "$torch_pin"; \
    fi; \
    .venv/rasa/bin/pip install --no-deps --require-hashes -r requirements/rasa.lock; \
    .venv/rasa/bin/python -c "import rasa, spacy, psycopg2, redis"

# The code the connectors and the spaCy components import: the packages of .importlinter (root_packages),
# owned by root and read-only to the user.
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
COPY credentials.yml ./
COPY deploy/rasa/endpoints.yml deploy/rasa/

# The artifacts of `make train`: the model and the spaCy pipeline its config names (var/spacy/fog_en).
# Loading the pipeline here fails the build when var/spacy is missing or broken, not the first start.
COPY var/spacy/ var/spacy/
COPY var/models/assistant.tar.gz var/models/
RUN .venv/rasa/bin/python -c "import spacy; spacy.load('var/spacy/fog_en')"

USER fog-assistant

EXPOSE 5005
# Rasa answers GET / ("Hello from Rasa: 3.6.21") once the model is loaded: 30-60 s after the start.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["/opt/fog-assistant/.venv/rasa/bin/python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:5005/', timeout=4)"]
CMD [".venv/rasa/bin/rasa", "run", "--model", "var/models/assistant.tar.gz", "--port", "5005", "--credentials", "credentials.yml", "--endpoints", "deploy/rasa/endpoints.yml", "--interface", "0.0.0.0"]
