#!/usr/bin/env bash
# Type-check, lint and build side by side: each uses about one core, and CI has two. Prints each
# one's output in turn and fails when any of them failed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
steps=(typecheck lint build)
pids=()
for step in "${steps[@]}"; do
  npm run -s "$step" >"$out/$step" 2>&1 &
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
