#!/usr/bin/env bash
# Lints the repository's own GitHub Actions workflows and the examples' with actionlint, and
# through it with shellcheck (the shell of every `run:` step). actionlint is a Go command: it is built once with `go install` from
# the Go module proxy into a cache outside the repository (beside the Pulumi toolchain) and reused.
# The shellcheck command comes from Debian's package: installed when missing and apt-get can;
# otherwise the run steps' shell goes unchecked, and this says so.
set -euo pipefail

ACTIONLINT_VERSION="v1.7.12"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE_ROOT="${PSA_TOOLCHAIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-strategy-alerts}"
DIR="$CACHE_ROOT/actionlint-$ACTIONLINT_VERSION"

# shellcheck source=scripts/lib/go-install.sh
source "$ROOT/scripts/lib/go-install.sh"

log() { echo "actionlint: $*" >&2; }

ensure_actionlint() {
  [ -x "$DIR/actionlint" ] && return 0
  if ! command -v go >/dev/null 2>&1; then
    log "no Go toolchain to build actionlint $ACTIONLINT_VERSION: install Go 1.26 or newer and run 'npm run lint' again"
    return 1
  fi
  mkdir -p "$CACHE_ROOT"
  (
    # Its own lock: the Pulumi build may hold the toolchain's for minutes.
    exec 8>"$CACHE_ROOT/actionlint.lock"
    flock 8
    [ -x "$DIR/actionlint" ] && exit 0
    log "building actionlint $ACTIONLINT_VERSION (once per machine)"
    if ! go_install_into "$DIR" "github.com/rhysd/actionlint/cmd/actionlint@$ACTIONLINT_VERSION"; then
      log "building actionlint failed (see above)"
      exit 1
    fi
  )
}

ensure_shellcheck() {
  command -v shellcheck >/dev/null 2>&1 && return 0
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    log "installing Debian's shellcheck"
    local apt=(apt-get -o DPkg::Lock::Timeout=300 -qq)
    if "${apt[@]}" install -y --no-install-recommends shellcheck >/dev/null 2>&1 \
      || { "${apt[@]}" update >/dev/null 2>&1 && "${apt[@]}" install -y --no-install-recommends shellcheck >/dev/null; }; then
      return 0
    fi
  fi
  log "no shellcheck (Debian: apt-get install shellcheck): the shell of run steps is not checked"
}

ensure_actionlint
ensure_shellcheck
cd "$ROOT"
shopt -s nullglob
workflows=(.github/workflows/*.yml examples/github-actions/*.yml examples/*/.github/workflows/*.yml)
"$DIR/actionlint" "${workflows[@]}"
echo "actionlint: ${#workflows[@]} workflows clean"
