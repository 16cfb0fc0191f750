#!/usr/bin/env bash
# `make lint`: ruff (lint and format check) and the layer contract in .importlinter (import-linter).
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/app/bin/ruff check .
.venv/app/bin/ruff format --check .
PYTHONPATH="$PWD" .venv/app/bin/lint-imports --no-cache --config .importlinter
