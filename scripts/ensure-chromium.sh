#!/usr/bin/env bash
# Makes Debian's `chromium` available for the browser tests (the review's Mermaid charts and its
# HTML page) and prints the browser's path as the last line of output.
#
# The tests drive the system browser through playwright-core, which downloads nothing: the
# browser comes from the distribution, installed here with apt-get when it is missing, as CI
# runs as root. Concurrent runs serialise on a lock, so two test runs never race apt.
set -euo pipefail

CHROMIUM="${PSA_CHROMIUM:-/usr/bin/chromium}"
CACHE_ROOT="${PSA_TOOLCHAIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-strategy-alerts}"

log() { echo "ensure-chromium: $*" >&2; }

if [ -x "$CHROMIUM" ]; then
  echo "$CHROMIUM"
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  log "no browser at $CHROMIUM. Install Debian's chromium package (as root: apt-get install -y chromium),"
  log "or point PSA_CHROMIUM at a Chromium binary, and run the tests again."
  exit 1
fi

mkdir -p "$CACHE_ROOT"
exec 7>"$CACHE_ROOT/chromium.lock"
log "waiting for the install lock (another install may be running)"
flock 7
if [ ! -x "$CHROMIUM" ]; then
  log "installing Debian's chromium package with apt-get (once per machine, about a minute)"
  export DEBIAN_FRONTEND=noninteractive
  # The package lists may be stale or absent on a fresh machine: refreshed only when the
  # install cannot find the package as listed.
  if ! apt-get install -y --no-install-recommends -o DPkg::Lock::Timeout=600 chromium >&2; then
    apt-get update -o DPkg::Lock::Timeout=600 >&2
    apt-get install -y --no-install-recommends -o DPkg::Lock::Timeout=600 chromium >&2
  fi
fi
if [ ! -x "$CHROMIUM" ]; then
  log "apt-get installed chromium but $CHROMIUM is not there"
  exit 1
fi
log "$("$CHROMIUM" --version 2>/dev/null || echo chromium) ready"
echo "$CHROMIUM"
