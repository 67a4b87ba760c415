#!/usr/bin/env bash
# Puts in Go's module cache every module that the tests compiling Go programs need, and prints the
# cache's directory as the last line of output. The tests run offline (GOPROXY=off) against sdk/go
# and the example's dependencies, and `go mod tidy` of an imported program reads the go.mod of
# every module in the graph, versions not selected included (github.com/gogo/protobuf's
# requirements, say), which no build downloads. Building the Pulumi CLI fills the cache with what
# its own build needs only, so a new machine lacks them.
#
# Each module is first resolved offline: a warm cache costs a second. Otherwise `go mod tidy`
# and `go mod download` run online, against copies of its go.mod and go.sum, so the repository's
# files are never rewritten.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MODULES=(sdk/go examples/go-portfolio)

log() { echo "ensure-go-modules: $*" >&2; }

if ! command -v go >/dev/null 2>&1; then
  log "no Go toolchain: install Go 1.26 or newer for the tests that compile Go programs."
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export GOFLAGS="-mod=mod" GOTOOLCHAIN="local"

# resolve MODULE: tidies and downloads a copy of MODULE's go.mod and go.sum; -modfile keeps the
# module's root (and its relative replace lines) where it is.
resolve() {
  local modfile
  modfile="$work/$(echo "$1" | tr / -).mod"
  cp "$ROOT/$1/go.mod" "$modfile" && cp "$ROOT/$1/go.sum" "${modfile%.mod}.sum" \
    && (cd "$ROOT/$1" && go mod tidy -modfile="$modfile" && go mod download -modfile="$modfile")
}

for module in "${MODULES[@]}"; do
  if GOPROXY=off resolve "$module" >/dev/null 2>&1; then continue; fi
  log "downloading the modules of $module into Go's module cache"
  if ! resolve "$module"; then
    log "could not download the modules of $module (see above): the Go tests need them."
    exit 1
  fi
done
log "Go's module cache holds the modules of ${MODULES[*]}"
go env GOMODCACHE
