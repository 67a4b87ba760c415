#!/usr/bin/env bash
# Type-check, lint and build side by side: each uses about one core, and CI has two. Prints each
# one's output in turn and fails when any of them failed. On Linux x64 the release binary of the
# plugin is built beside them (skipped when its inputs are unchanged), so the e2e global setup
# finds it ready instead of building it while every test waits.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Each step writes provider/model/plain-types.ts first when its inputs changed: written once here,
# the three side by side find it fresh.
npm run -s plain-types || exit 1

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
steps=(typecheck lint build)
if [[ "$(uname -s)-$(uname -m)" == "Linux-x86_64" ]]; then steps+=(plugin:release); fi
pids=()
for step in "${steps[@]}"; do
  if [[ "$step" == plugin:release ]]; then
    npm run -s "$step" -- --platform linux-amd64 >"$out/$step" 2>&1 &
  else
    npm run -s "$step" >"$out/$step" 2>&1 &
  fi
  pids+=("$!")
done

status=0
for i in "${!steps[@]}"; do
  if wait "${pids[$i]}"; then
    echo "npm run ${steps[$i]}: ok"
  else
    echo "npm run ${steps[$i]}: FAILED"
    status=1
  fi
  cat "$out/${steps[$i]}"
done
exit "$status"
