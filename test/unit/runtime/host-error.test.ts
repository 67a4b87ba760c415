import { describe, expect, it } from "vitest";
import { ServiceStateError } from "../../../provider/runtime/errors";
import { asOurFailure } from "../../../provider/runtime/host-error";

/** What Pulumi's dynamic-provider host prints for a failed check, diff, read or delete. */
const printed = (e: Error) => `${e}: ${e.stack}`;

async function failure(run: () => Promise<unknown>): Promise<Error> {
  const err = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof Error)) throw new Error("expected a rejection with an Error");
  return err;
}

describe("a failed host operation", () => {
  it("prints an error of ours as its message alone, with no stack trace", async () => {
    const message = 'Strategy "s1" belongs to account u-2, not the stack\'s u-1.';
    const err = await failure(() =>
      asOurFailure(async () => {
        throw new ServiceStateError(message);
      }),
    );
    expect(err).toBeInstanceOf(ServiceStateError);
    expect(err.message).toBe(message);
    expect(printed(err)).toBe(`strategy-alerts: ${message}`);
  });

  it("keeps a bug's stack, which its report needs", async () => {
    const err = await failure(() =>
      asOurFailure(async () => {
        throw new TypeError("cannot read properties of undefined");
      }),
    );
    expect(printed(err)).toMatch(/^TypeError: cannot read properties of undefined: TypeError: .*\n\s+at /);
  });

  it("passes a result through", async () => {
    await expect(asOurFailure(async () => 42)).resolves.toBe(42);
  });
});
