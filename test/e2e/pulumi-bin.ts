import { inject } from "vitest";

/** The directory holding `pulumi` and its plugins, provided by the e2e global setup. */
export function pulumiBinDir(): string {
  const dir = inject("pulumiBinDir");
  if (!dir) throw new Error("the Pulumi CLI is not available (see the e2e global setup's message)");
  return dir;
}
