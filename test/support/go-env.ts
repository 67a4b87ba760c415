/**
 * How the tests run Go: with the local toolchain and without cgo, every build alike. The e2e
 * suite's engine builds Go programs with CGO_ENABLED=0 (no C compiler needed), and Go's build
 * cache keys a package by its dependencies' settings: one cgo build anywhere compiles Pulumi's Go
 * SDK a second time from the network packages up (about 115 s of CPU on an empty cache, on a
 * 2-core machine, twice the compile of the program itself).
 */
export const GO_BUILD_ENV = { CGO_ENABLED: "0", GOTOOLCHAIN: "local" } as const;

/**
 * The environment of a `go` command a test runs: this process's, GO_BUILD_ENV, the given
 * GOFLAGS, and with `offline` no module download (GOPROXY=off: the module cache is filled by
 * `npm run go:ensure`).
 */
export function goCommandEnv(goflags: string, { offline = false } = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...GO_BUILD_ENV, GOFLAGS: goflags, ...(offline ? { GOPROXY: "off" } : {}) };
}
