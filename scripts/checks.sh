#!/usr/bin/env bash
# Type-check, lint and build side by side: each uses about one core, and CI has two. Prints each
# one's output in turn and fails when any of them failed. On Linux x64 the release binary of the
# plugin is built beside them (skipped when its inputs are unchanged), so the e2e global setup
# finds it ready instead of building it while every test waits.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1

# Each step writes provider/model/plain-types.ts first when its inputs changed: written once here,
# the three side by side find it fresh.
npm run -s plain-types || exit 1

# The type check keeps its incremental state in the toolchain cache (scripts/ensure-pulumi.sh),
# so a fresh clone of a tree that changed in a few files checks those and their dependents, about
# a quarter of a full check. TypeScript records each file by its path relative to the state file:
# the state is used from inside the checkout (node_modules/.cache), where those paths are the same
# in every clone, and copied back afterwards. It compares every file's content with the state and
# starts over when its version or the options differ, so the diagnostics are the full check's.
cache="${PSA_TOOLCHAIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-strategy-alerts}/typecheck"
mkdir -p "$cache" node_modules/.cache
buildinfo="node_modules/.cache/typecheck.tsbuildinfo"
cp "$cache/typecheck.tsbuildinfo" "$buildinfo" 2>/dev/null || true
# Back to the cache when the check ends (a rename, so a checkout reading it never sees half a file).
keep_state() {
  [[ -f "$buildinfo" ]] || return 0
  cp "$buildinfo" "$cache/typecheck.tsbuildinfo.$$" && mv -f "$cache/typecheck.tsbuildinfo.$$" "$cache/typecheck.tsbuildinfo"
}

out="$(mktemp -d)"
trap 'keep_state; rm -rf "$out"' EXIT
steps=(typecheck lint build)
if [[ "$(uname -s)-$(uname -m)" == "Linux-x86_64" ]]; then steps+=(plugin:release); fi
pids=()
for step in "${steps[@]}"; do
  case "$step" in
    # `npm run typecheck` without its plain-types step (run above), incremental.
    typecheck)
      npx tsc -p tsconfig.json --noEmit --incremental --tsBuildInfoFile "$buildinfo" >"$out/$step" 2>&1 &
      ;;
    plugin:release) npm run -s "$step" -- --platform linux-amd64 >"$out/$step" 2>&1 & ;;
    *) npm run -s "$step" >"$out/$step" 2>&1 & ;;
  esac
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
