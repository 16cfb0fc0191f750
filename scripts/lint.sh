#!/usr/bin/env bash
# `make lint`: ruff (lint and format check), the layer contract in .importlinter (import-linter) and
# module constants assigned once (scripts/constants_once.py).
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/app/bin/ruff check .
.venv/app/bin/ruff format --check .
PYTHONPATH="$PWD" .venv/app/bin/lint-imports --no-cache --config .importlinter
.venv/app/bin/python scripts/constants_once.py
