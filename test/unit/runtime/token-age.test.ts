import { describe, expect, it } from "vitest";
import { tokenAgeWarnings } from "../../../provider/runtime/token-age";
import { live } from "../../support/live-strategy";

describe("token_age thresholds from before the unit change", () => {
  it("warn when a pre-change strategy stores an hours-sized threshold", () => {
    const old = live({ createdAt: "2026-02-01T00:00:00.000Z" }, [
      { rule: "token_age", dealbreaker: true, max: 24 },
    ]);
    const [warning] = tokenAgeWarnings(old);
    expect(warning).toContain("token_age less_than 24");
    expect(warning).toContain("24 hours = 1440 minutes");
  });

  it("stay quiet for strategies created after the change or thresholds already in minutes", () => {
    expect(tokenAgeWarnings(live({}, [{ rule: "token_age", dealbreaker: true, max: 24 }]))).toEqual([]);
    expect(
      tokenAgeWarnings(
        live({ createdAt: "2026-02-01T00:00:00.000Z" }, [
          { rule: "token_age", dealbreaker: true, max: 1440 },
        ]),
      ),
    ).toEqual([]);
  });
});
