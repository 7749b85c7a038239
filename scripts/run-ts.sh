#!/usr/bin/env bash
# Run a TypeScript file once (development aid): bundle with esbuild, pipe into node.
set -euo pipefail
f="$1"; shift
out="$(mktemp --suffix=.mjs -p "$(dirname "$0")/..")"
trap 'rm -f "$out"' EXIT
npx esbuild "$f" --bundle --platform=node --target=node20 --format=esm --packages=external --log-level=warning --outfile="$out"
node "$out" "$@"
