#!/usr/bin/env bash
# `make test`: every test of the project, in order of cost. Assumes `make build` ran (the Makefile does it).
#   0. Lint: ruff, and the layer contract (.importlinter)
#   1. Rasa: training data validation and the conversation test stories (--fail-on-prediction-errors)
#   2. Channel connectors inside the Rasa environment (Python 3.10)
#   3. Everything else in the app environment (Python 3.11): unit, retrieval quality with the real model,
#      end-to-end over REST against the real servers, and the browser tests
set -euo pipefail
cd "$(dirname "$0")/.."
export RASA_TELEMETRY_ENABLED=false HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
export PYTHONPATH="$PWD"
rasa=.venv/rasa/bin/rasa

echo "[test] lint: ruff and the import contract"
scripts/lint.sh

echo "[test] rasa data validate"
$rasa data validate --data assistant --domain domain.yml --config config.yml --fail-on-warnings

echo "[test] rasa test stories (tests/stories)"
rm -rf var/results
$rasa test core --stories tests/stories --model var/models/assistant.tar.gz --endpoints endpoints.yml \
  --fail-on-prediction-errors --out var/results --no-plot

shopt -s nullglob
connector_tests=(tests/channels/rasa_test_*.py)
if [ ${#connector_tests[@]} -gt 0 ]; then
  echo "[test] channel connectors (Rasa environment)"
  .venv/rasa/bin/python -m pytest -q -p no:cacheprovider -m connector "${connector_tests[@]}"
fi

echo "[test] app environment: unit, retrieval quality, end-to-end, browser"
.venv/app/bin/python -m pytest -q -p no:cacheprovider "$@"
