import { provision } from "./provision";

/**
 * Vitest's global setup for the projects that compile Go programs offline (GOPROXY=off): the
 * modules they need are put in Go's module cache first (scripts/ensure-go-modules.sh; a second
 * when it holds them), instead of as many Go tests failing on a module lookup.
 */
export default function setup(): void {
  provision(
    "scripts/ensure-go-modules.sh",
    "could not fill Go's module cache",
    "the tests that compile Go programs will fail",
  );
}
