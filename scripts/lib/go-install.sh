# shellcheck shell=bash
# Sourced by the scripts that build Go commands into the toolchain cache (ensure-pulumi.sh for the
# YAML language host, actionlint.sh for actionlint).

# go_install_into DIR MODULE/CMD@VERSION [go install flags...]
# Builds one Go command with `go install` into a staging folder beside DIR, then moves the folder
# into place as DIR, so no reader ever sees half a build. The caller holds the lock that
# serialises builds and checks first whether DIR is already there.
go_install_into() {
  local dir="$1" target="$2"
  shift 2
  local staging
  staging="$(mktemp -d "$(dirname "$dir")/staging.XXXXXX")"
  # `go install module@version` runs outside any module and rejects -mod flags, so GOFLAGS is
  # cleared for it; GOCACHE and GOMODCACHE stay the caller's (the CLI build's caches).
  if ! (cd "$staging" && GOFLAGS="" GOBIN="$staging" go install "$@" "$target"); then
    rm -rf "$staging"
    return 1
  fi
  rm -rf "$dir"
  mv "$staging" "$dir"
}
