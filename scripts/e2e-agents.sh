#!/usr/bin/env bash
# Installs the real agents the end-to-end suite runs (e2e/package.json: pinned, with a lockfile of its own,
# outside the repository's) from the npm registry into a cache keyed by that lockfile, and prints their
# node_modules directory (for $GATEHOUSE_E2E_AGENTS). A second run with the same lockfile installs nothing.
# As root the cache is /var/cache/gatehouse-e2e, so the unprivileged user the agents run as can read it.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
lock="$here/e2e/package-lock.json"
key=$(cat "$here/e2e/package.json" "$lock" | sha256sum | cut -c1-16)
if [ "$(id -u)" = 0 ]; then base=/var/cache/gatehouse-e2e; else base="${XDG_CACHE_HOME:-$HOME/.cache}/gatehouse-e2e"; fi
base="${GATEHOUSE_E2E_CACHE:-$base}"
dir="$base/agents-$key"
if [ ! -f "$dir/.installed" ]; then
  mkdir -p "$base"
  rm -rf "$dir.partial"
  mkdir -p "$dir.partial"
  cp "$here/e2e/package.json" "$lock" "$dir.partial/"
  # `npm install` from the lockfile, not `npm ci`: the lockfile records only the platform packages the
  # registry serves (opencode-ai names twelve, of which this registry has the linux-x64 ones), and
  # `npm ci` refuses a lockfile without the rest. --no-save leaves the lockfile as committed.
  (cd "$dir.partial" && npm install --no-save --no-audit --no-fund --loglevel=error >&2)
  chmod -R a+rX "$dir.partial"
  touch "$dir.partial/.installed"
  for old in "$base"/agents-*; do [ "$old" = "$dir.partial" ] || rm -rf "$old"; done
  mv "$dir.partial" "$dir"
fi
echo "$dir/node_modules"
