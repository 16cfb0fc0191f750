#!/usr/bin/env bash
# Create or update the two Python environments from the pinned lock files.
#   .venv/app   Python 3.11: action server, knowledge index, compliance core, store, web app, tests
#   .venv/rasa  Python 3.10: Rasa 3.6.21 (supports Python 3.8-3.10 only) and our channel connectors
# Each environment is rebuilt only when its lock file changes (a stamp holds the lock file's hash).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
die() { printf '\033[31m[setup] %s\033[0m\n' "$*" >&2; exit 1; }

works() { "$1" -c 'import sys; sys.exit(0)' >/dev/null 2>&1; }

# pip, without this machine's notes about absent local index folders (exit status preserved by pipefail).
pip_in() { local python=$1; shift; { "$python" -m pip "$@" 2>&1; } | { grep -v "^WARNING: Location 'file:" || true; }; }

find_python() {  # $1 = version, e.g. 3.10
  local version=$1 candidate
  for candidate in "python$version" "$(command -v pyenv >/dev/null 2>&1 && pyenv root)/versions/$version"*/bin/"python$version" \
                   /usr/local/bin/"python$version" /usr/bin/"python$version"; do
    if [ -n "$candidate" ] && works "$candidate" \
       && [ "$("$candidate" -c 'import sys; print("%d.%d" % sys.version_info[:2])')" = "$version" ]; then
      command -v "$candidate" || echo "$candidate"; return 0
    fi
  done
  return 1
}

ensure_env() {  # $1 = name, $2 = python version, $3 = lock file
  local name=$1 version=$2 lock=$3 dir=".venv/$1" stamp=".venv/$1/.lock-sha256" python want
  want=$(sha256sum "$lock" | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && works "$dir/bin/python"; then
    say "$name environment up to date ($dir)"; return 0
  fi
  python=$(find_python "$version") || die "Python $version is required for the $name environment but was not found.
Install it (for example 'pyenv install $version' or your system's python$version package) and run this again."
  say "building the $name environment with $python from $lock (a few minutes the first time)"
  rm -rf "$dir"
  "$python" -m venv "$dir"
  pip_in "$dir/bin/python" install --quiet --upgrade pip wheel
  local inputs="${lock%.lock}.in" torch_pin
  torch_pin=$(grep -E '^torch==' "$inputs" | sed 's/ .*//' || true)
  if [ -n "$torch_pin" ]; then
    # The CPU build of torch goes first, outside the hashed lock: any other torch request pulls a multi-GB
    # CUDA build, and this machine's CPU wheel has its own hash.
    say "$name: installing $torch_pin (CPU build)"
    pip_in "$dir/bin/python" install --progress-bar off "$torch_pin" | sed -nu -E '/^(Processing|Successfully|ERROR)/p'
  fi
  say "$name: installing $(grep -cE '^[A-Za-z0-9_.-]+==' "$lock") pinned packages (hashes checked)"
  pip_in "$dir/bin/python" install --progress-bar off --no-deps --require-hashes -r "$lock" \
    | sed -nu -E 's/^Collecting (.*)/  \1/p; /^(Successfully installed|ERROR)/p'
  "$dir/bin/python" -m pip check >/dev/null 2>&1 || say "note: pip check reports conflicts in $name (see 'pip check'); pins are from a tested lock"
  echo "$want" > "$stamp"
  say "$name environment ready"
}

ensure_system_packages() {
  # Debian's headless Chromium drives the browser tests (tests/web); DejaVu Sans lets the PDF summaries carry
  # any name a user types (documents/); nginx is the reverse proxy whose configuration (deploy/nginx/) the
  # public-surface tests run; redis-server is Rasa's lock store in the cluster (make cluster, its test), beside
  # the machine's PostgreSQL (initdb, pg_ctl); docker-compose checks deploy/compose.yml. Installed only when
  # missing, as root.
  local missing=()
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
  [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
  command -v initdb >/dev/null 2>&1 || compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
  if [ ${#missing[@]} -eq 0 ]; then
    say "system packages present (chromium, fonts-dejavu-core, nginx, redis-server, docker-compose, PostgreSQL)"
    return 0
  fi
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    say "missing system packages: ${missing[*]}. Install them (Debian: sudo apt-get install -y ${missing[*]});
         the browser tests expect /usr/bin/chromium."
    return 0
  fi
  say "installing ${missing[*]} (apt-get)"
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
  command -v chromium >/dev/null 2>&1 || die "apt-get finished but 'chromium' is still not on PATH."
}

mkdir -p .venv var
ensure_env app 3.11 requirements/app.lock
ensure_env rasa 3.10 requirements/rasa.lock
ensure_system_packages
