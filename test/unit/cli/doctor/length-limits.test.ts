import { describe, expect, it } from "vitest";
import { findLimit } from "../../../../cli/doctor/length-limits";

describe("findLimit", () => {
  const service = (limit: number) => {
    const asked: number[] = [];
    const accepts = async (n: number) => {
      asked.push(n);
      return n <= limit;
    };
    return { asked, accepts };
  };

  it("confirms the emulator's limit with two requests", async () => {
    const s = service(100);
    expect(await findLimit(s.accepts, 100, 20, 1000)).toEqual({ max: 100, capped: false });
    expect(s.asked).toEqual([100, 101]);
  });

  it.each([64, 21, 99, 101, 357, 999])("finds a limit of %i within a small budget", async (limit) => {
    const s = service(limit);
    expect(await findLimit(s.accepts, 100, 20, 1000)).toEqual({ max: limit, capped: false });
    expect(s.asked.length).toBeLessThanOrEqual(14);
  });

  it("says when everything tried was accepted", async () => {
    expect(await findLimit(service(5000).accepts, 100, 20, 1000)).toEqual({ max: 1000, capped: true });
  });
});
