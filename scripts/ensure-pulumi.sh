#!/usr/bin/env bash
# Makes `pulumi`, `pulumi-language-nodejs`, `pulumi-language-go`, `pulumi-language-yaml` and
# `pulumi-resource-pulumi-nodejs` available and prints the directory that holds them as the last
# line of output.
#
# No npm package carries the Pulumi CLI binary and these machines reach no download site, so
# the CLI is built from its Go modules (scripts/pulumi-toolchain pins them and repeats their
# `replace` lines), and so are our Node.js and Go language hosts (Pulumi's are not served by the
# module proxy; scripts/pulumi-toolchain/cmd) and our launcher of the dynamic-provider host, which,
# unlike the SDK's launcher script, ends the host with its engine even before the host has loaded
# the provider's code (cmd/pulumi-resource-pulumi-nodejs). Pulumi's YAML language host is a plain Go command
# and builds with `go install`, reusing the CLI's module and build caches. Both are cached outside the repository
# and reused; concurrent runs serialise on a lock and each result is moved into place atomically.
set -euo pipefail

PULUMI_VERSION="v3.274.1"
MIN_VERSION="3.270.0"
YAML_VERSION="v1.25.0"
YAML_MODULE="github.com/pulumi/pulumi-yaml"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLCHAIN="$ROOT/scripts/pulumi-toolchain"
CACHE_ROOT="${PSA_TOOLCHAIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-strategy-alerts}"
SHIM_SRC="$ROOT/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"

# shellcheck source=scripts/lib/go-install.sh
source "$ROOT/scripts/lib/go-install.sh"

log() { echo "ensure-pulumi: $*" >&2; }

version_ge() { # version_ge A B: A >= B (plain x.y.z)
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]
}

YAML_DIR="$CACHE_ROOT/pulumi-language-yaml-$YAML_VERSION"

# Builds the YAML language host into $YAML_DIR unless it is there; the caller holds the lock.
build_yaml_host() {
  [ -x "$YAML_DIR/pulumi-language-yaml" ] && return 0
  if ! command -v go >/dev/null 2>&1; then
    log "no 'pulumi-language-yaml' on PATH and no Go toolchain to build one: install Go 1.26 or newer,"
    log "or put pulumi-language-yaml $YAML_VERSION on PATH, and run 'npm run pulumi:ensure' again."
    return 1
  fi
  log "building pulumi-language-yaml $YAML_VERSION (about a minute once the CLI's Go build cache is warm)"
  if ! go_install_into "$YAML_DIR" "$YAML_MODULE/cmd/pulumi-language-yaml@$YAML_VERSION" \
    -ldflags "-X $YAML_MODULE/pkg/version.Version=$YAML_VERSION"; then
    log "building pulumi-language-yaml failed (see above)"
    return 1
  fi
}

# Runs build_yaml_host under the build lock (a no-op when another run built it meanwhile).
ensure_yaml_host() {
  [ -x "$YAML_DIR/pulumi-language-yaml" ] && return 0
  mkdir -p "$CACHE_ROOT"
  (
    exec 8>"$CACHE_ROOT/build.lock"
    log "waiting for the build lock (another build may be running)"
    flock 8
    build_yaml_host
  )
}

if [ ! -f "$SHIM_SRC" ]; then
  log "node_modules/@pulumi/pulumi is missing: run 'npm ci' first."
  exit 1
fi

# A user's own CLI is used when it is new enough and comes with the Node.js language host.
if existing="$(command -v pulumi 2>/dev/null)" && command -v pulumi-language-nodejs >/dev/null 2>&1; then
  have="$(pulumi version 2>/dev/null | sed 's/^v//')"
  if [ -n "$have" ] && version_ge "$have" "$MIN_VERSION"; then
    dir="$(dirname "$existing")"
    yaml_host="$(command -v pulumi-language-yaml 2>/dev/null || true)"
    if [ -z "$yaml_host" ]; then
      ensure_yaml_host
      yaml_host="$YAML_DIR/pulumi-language-yaml"
    fi
    if ! command -v pulumi-resource-pulumi-nodejs >/dev/null 2>&1 || [ "$(dirname "$yaml_host")" != "$dir" ]; then
      # One directory must hold everything: the dynamic-provider shim (it only resolves
      # @pulumi/pulumi from the program's directory) and the YAML host, ours when they have none.
      dir="$CACHE_ROOT/shim"
      mkdir -p "$dir"
      install -m 0755 "$SHIM_SRC" "$dir/pulumi-resource-pulumi-nodejs"
      ln -sf "$existing" "$dir/pulumi"
      ln -sf "$(command -v pulumi-language-nodejs)" "$dir/pulumi-language-nodejs"
      ln -sf "$yaml_host" "$dir/pulumi-language-yaml"
    fi
    log "using pulumi $have found on PATH"
    echo "$dir"
    exit 0
  fi
fi

if ! command -v go >/dev/null 2>&1; then
  log "no 'pulumi' >= $MIN_VERSION with 'pulumi-language-nodejs' on PATH, and no Go toolchain to build one."
  log "Install Go 1.26 or newer (Debian: the golang package, or the official tarball) and run 'npm run pulumi:ensure' again,"
  log "or install the Pulumi CLI $MIN_VERSION or newer and put it on PATH."
  exit 1
fi

# The CLI is keyed by its version alone; the language hosts and the launcher are our own source,
# so a hash keys the directory that pairs them with the CLI: every file of the toolchain module,
# by name and content, and this script, which holds the build's recipe. A change to any of them
# rebuilds the hosts (about a minute), not the CLI, and a binary of older source is never reused
# (CI and other checkouts share the cache).
src_hash="$( (cd "$TOOLCHAIN" && find . -type f ! -path './.*' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum \
  && sha256sum <"$ROOT/scripts/ensure-pulumi.sh") | sha256sum | cut -c1-12)"
CLI_DIR="$CACHE_ROOT/pulumi-cli-$PULUMI_VERSION"
DEST="$CACHE_ROOT/pulumi-$PULUMI_VERSION-$src_hash"

HOSTS=(./cmd/pulumi-language-nodejs ./cmd/pulumi-language-go ./cmd/pulumi-resource-pulumi-nodejs)
hosts_built() {
  [ -x "$DEST/pulumi-language-nodejs" ] && [ -x "$DEST/pulumi-language-go" ] \
    && [ -x "$DEST/pulumi-resource-pulumi-nodejs" ]
}

if [ -x "$DEST/pulumi" ] && hosts_built && [ -x "$DEST/pulumi-language-yaml" ]; then
  log "using cached pulumi $PULUMI_VERSION"
  echo "$DEST"
  exit 0
fi

mkdir -p "$CACHE_ROOT"
exec 9>"$CACHE_ROOT/build.lock"
log "waiting for the build lock (another build may be running)"
flock 9
export GOFLAGS="-mod=mod"
ldflags="-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$PULUMI_VERSION"
# A cold build makes the CLI and the language hosts in one `go build`: the two share most of
# their packages, and one invocation schedules the compile and link steps of both across the
# cores instead of building and linking them one after the other.
if [ ! -x "$CLI_DIR/pulumi" ] && [ ! -x "$DEST/pulumi-language-nodejs" ] \
  && ! ls -d "$CACHE_ROOT/pulumi-$PULUMI_VERSION"-*/pulumi >/dev/null 2>&1; then
  log "building pulumi $PULUMI_VERSION and its Node.js and Go language hosts from Go modules (first time on this machine: about 12 minutes on 2 cores)"
  staging="$(mktemp -d "$CACHE_ROOT/staging.XXXXXX")"
  trap 'rm -rf "$staging"' EXIT
  (cd "$TOOLCHAIN" && go build -ldflags "$ldflags" -o "$staging/" \
    github.com/pulumi/pulumi/pkg/v3/cmd/pulumi "${HOSTS[@]}")
  mkdir "$staging/cli"
  cp "$staging/pulumi" "$staging/cli/pulumi"
  rm -rf "$CLI_DIR"
  mv "$staging/cli" "$CLI_DIR"
  rm -rf "$DEST"
  mv "$staging" "$DEST"
  trap - EXIT
fi
if [ ! -x "$CLI_DIR/pulumi" ]; then
  staging="$(mktemp -d "$CACHE_ROOT/staging.XXXXXX")"
  trap 'rm -rf "$staging"' EXIT
  # A CLI of this version paired with an older language host is reused rather than rebuilt.
  previous="$(ls -d "$CACHE_ROOT/pulumi-$PULUMI_VERSION"-*/pulumi 2>/dev/null | head -n1 || true)"
  if [ -n "$previous" ]; then
    cp "$previous" "$staging/pulumi"
  else
    log "building pulumi $PULUMI_VERSION from Go modules (first time on this machine: about 12 minutes on 2 cores)"
    (cd "$TOOLCHAIN" && go build -ldflags "$ldflags" -o "$staging/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi)
  fi
  rm -rf "$CLI_DIR"
  mv "$staging" "$CLI_DIR"
  trap - EXIT
fi
if ! hosts_built; then
  log "building the Node.js and Go language hosts and the dynamic-provider launcher"
  staging="$(mktemp -d "$CACHE_ROOT/staging.XXXXXX")"
  trap 'rm -rf "$staging"' EXIT
  (cd "$TOOLCHAIN" && go build -ldflags "$ldflags" -o "$staging/" "${HOSTS[@]}")
  cp "$CLI_DIR/pulumi" "$staging/pulumi"
  rm -rf "$DEST"
  mv "$staging" "$DEST"
  trap - EXIT
fi
build_yaml_host
ln -sfn "$YAML_DIR/pulumi-language-yaml" "$DEST/pulumi-language-yaml"
log "pulumi $("$DEST/pulumi" version) ready"
echo "$DEST"
