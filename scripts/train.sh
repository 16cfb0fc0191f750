#!/usr/bin/env bash
# Train the Rasa model only when its inputs changed: the fingerprint hashes config.yml, domain.yml, the spaCy
# pipeline (nlp/, built first) and everything under assistant/ (training data); it is stored beside the model.
set -euo pipefail
cd "$(dirname "$0")/.."
model_dir=var/models
stamp=$model_dir/assistant.fingerprint
PYTHONPATH="$PWD" .venv/rasa/bin/python -m nlp.build var/spacy/fog_en 2>&1 | grep '^\[spacy\]'
fingerprint=$( (sha256sum config.yml domain.yml nlp/*.py var/spacy/fog_en/fingerprint.txt
                find assistant -type f -name '*.yml' -print0 | sort -z | xargs -0 sha256sum) | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ -f "$model_dir/assistant.tar.gz" ] && [ "$(cat "$stamp")" = "$fingerprint" ]; then
  echo "[train] model up to date ($model_dir/assistant.tar.gz)"
  exit 0
fi
echo "[train] training data changed: training the Rasa model (about a minute)"
mkdir -p "$model_dir"
export RASA_TELEMETRY_ENABLED=false
.venv/rasa/bin/rasa train --data assistant --domain domain.yml --config config.yml \
  --out "$model_dir" --fixed-model-name assistant
echo "$fingerprint" > "$stamp"
echo "[train] model ready"
