import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeConnectionFailure } from "../../../cli/doctor/http";
import { findLimit } from "../../../cli/doctor/length-limits";
import { observedOrder } from "../../../cli/doctor/lists";
import { compareFields, firstParseProblem } from "../../../cli/doctor/shape";
import { renderTable, wrap } from "../../../cli/doctor/table";

describe("shape comparison", () => {
  const schema = z.looseObject({
    items: z.array(
      z.looseObject({ id: z.string(), note: z.string().nullish(), tags: z.array(z.string()).optional() }),
    ),
    total: z.number(),
  });

  it("names the first field path that does not parse", () => {
    expect(firstParseProblem(schema, { items: [{ id: "a" }, { id: 7 }], total: 1 })).toMatch(
      /^items\[1\]\.id: /,
    );
    expect(firstParseProblem(schema, { items: [] })).toMatch(/^total: /);
    expect(firstParseProblem(schema, { items: [], total: 0 })).toBeUndefined();
  });

  it("lists unknown fields and omitted optional ones, arrays as []", () => {
    const report = compareFields(
      schema,
      {
        items: [
          { id: "a", extra: 1 },
          { id: "b", note: "n", tags: [] },
        ],
        total: 2,
        more: true,
      },
      "",
    );
    expect([...report.extra].sort()).toEqual([".items[].extra", ".more"]);
    expect([...report.omitted].sort()).toEqual([".items[].note", ".items[].tags"]);
  });
});

describe("default order", () => {
  const at = (...iso: string[]) => iso.map((createdAt) => ({ createdAt }));
  it("reads asc, desc, unordered, and nothing from equal or missing times", () => {
    expect(observedOrder(at("2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z"), "createdAt")).toBe("asc");
    expect(
      observedOrder(at("2026-01-02T00:00:00Z", "2026-01-02T00:00:00Z", "2026-01-01T00:00:00Z"), "createdAt"),
    ).toBe("desc");
    expect(
      observedOrder(at("2026-01-02T00:00:00Z", "2026-01-01T00:00:00Z", "2026-01-03T00:00:00Z"), "createdAt"),
    ).toBe("unordered");
    expect(observedOrder(at("2026-01-01T00:00:00Z", "2026-01-01T00:00:00Z"), "createdAt")).toBeUndefined();
    expect(observedOrder([{}, {}], "createdAt")).toBeUndefined();
  });
});

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

describe("terminal output", () => {
  it("wraps words to a width and cuts words longer than it", () => {
    expect(wrap("the quick brown fox", 9)).toEqual(["the quick", "brown fox"]);
    expect(wrap("abcdefghijkl", 5)).toEqual(["abcde", "fghij", "kl"]);
    expect(wrap("", 5)).toEqual([""]);
  });

  it("aligns the columns, marks what differs or breaks, and ends with the summary", () => {
    const row = (item: string, differs: boolean, breaks: boolean) => ({
      item,
      spec: "s",
      emulatorReading: "e",
      observed: "o",
      differs,
      breaks,
    });
    const text = renderTable({
      rows: [row("a", false, false), row("b", true, false), row("c", true, true)],
      checks: 3,
      differ: 2,
      broken: 1,
    });
    const lines = text.trimEnd().split("\n");
    expect(lines[0]!.indexOf("| the spec says")).toBe(lines[2]!.indexOf("| s"));
    expect(lines[3]).toMatch(/\| \[differs\] o$/);
    expect(lines[4]).toMatch(/\| \[BREAKS\] o$/);
    expect(lines.at(-1)).toBe(
      "doctor: 3 checks, 2 differ from the emulator's reading, 1 would break the provider",
    );
  });
});

describe("connection failures", () => {
  const origin = "https://alerts.example";
  it.each([
    [{ code: "ECONNREFUSED" }, /^connection refused by https:\/\/alerts\.example/, "refused"],
    [{ cause: { code: "ENOTFOUND" } }, /^DNS lookup failed for https:\/\/alerts\.example/, "dns"],
    [
      { code: "UNABLE_TO_VERIFY_LEAF_SIGNATURE", message: "unable to verify" },
      /^TLS handshake with https:\/\/alerts\.example failed/,
      "tls",
    ],
    [{ cause: { code: "ERR_SSL_WRONG_VERSION_NUMBER" } }, /^TLS handshake/, "tls"],
    [{ code: "UND_ERR_CONNECT_TIMEOUT" }, /did not answer in time/, "timeout"],
  ])("explains %o", (error, message, kind) => {
    const e = describeConnectionFailure(Object.assign(new Error("x"), error), origin);
    expect(e.message).toMatch(message);
    expect(e.kind).toBe(kind);
  });
});
