# FOG & organics assistant for Victorville and Inglewood. `make help` lists the targets.
SHELL := /bin/bash
APP := .venv/app/bin/python
RASA := RASA_TELEMETRY_ENABLED=false .venv/rasa/bin/rasa
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false
export RASA_TELEMETRY_ENABLED := false

.DEFAULT_GOAL := help
.PHONY: help setup build index train db run cluster test test-fast lint lock format eval soak bench snapshot clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

setup: ## create/update both Python environments from the lock files
	@scripts/setup.sh

index: setup ## build the ordinance index (only when the ordinances or the model changed)
	@$(APP) -m knowledge build

train: setup ## train the Rasa model (only when config, domain or training data changed)
	@scripts/train.sh

db: setup ## create or migrate the database (SQLite under var/ unless DATABASE_URL is set)
	@$(APP) -m store.migrate upgrade

build: index train db ## everything the assistant needs before it starts

run: build ## run the whole assistant: Rasa, action server and web app (Ctrl-C stops all)
	@$(APP) scripts/run.py

cluster: build ## the scale-out deployment on this machine: PostgreSQL, Redis, nginx, 2 Rasa + 2 action servers
	@$(APP) -m ops.cluster

test: build ## run every test: unit, retrieval quality, Rasa data and stories, end-to-end
	@scripts/test.sh

test-fast: setup ## unit tests only (no model training, no servers)
	@$(APP) -m pytest -q -m "not slow and not e2e and not browser"

lint: setup ## ruff lint + format check, and the layer contract (.importlinter)
	@scripts/lint.sh

lock: setup ## resolve requirements/*.in again into pinned, hashed requirements/*.lock
	@scripts/lock.sh

format: setup ## apply ruff formatting and safe fixes
	@.venv/app/bin/ruff format . && .venv/app/bin/ruff check --fix .

eval: build ## retrieval quality (Recall@1/3/5, MRR), then the writers' sets played through the assistant
	@$(APP) -m knowledge eval --set dev && $(APP) -m knowledge eval --set holdout
	@$(APP) -m evaluation.harness.run --split all

soak: build ## full-size load run: 50 conversations x 20 turns over SMS, voice and web, with a 10 MB POST
	@$(APP) scripts/soak.py

bench: build ## ours beside a bare `rasa init` bot: latency, throughput, cold start, memory; then the cluster
	@set -o pipefail; report=evaluation/reports/bench-$$(date +%F)-$$(git rev-parse --short HEAD)$$(git diff --quiet HEAD || echo +dirty).txt; \
	{ echo "make bench at $$(git rev-parse HEAD) on $$(nproc) cores, $$(date -u +%FT%TZ)"; $(APP) scripts/bench.py; } \
	  | grep --line-buffered -v -E 'it/s|^Epochs' | tee "$$report" && echo "[bench] report: $$report"

snapshot: setup ## regenerate the compliance golden snapshots (review the diff)
	@$(APP) -m compliance snapshot --write

clean: ## remove built artifacts (models, index, databases), keep the environments
	rm -rf var/models var/index var/*.db var/spacy
