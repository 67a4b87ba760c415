import { describe, expect, it } from "vitest";
import { pageThrough } from "../../../provider/api/paginate";
import { collect } from "./recording-transport";

type Page = { items: number[]; last: boolean };

describe("pageThrough", () => {
  it("yields the items of each page from the first asked for until the last", async () => {
    const asked: number[] = [];
    const pages: Record<number, Page> = { 3: { items: [1, 2], last: false }, 4: { items: [3], last: true } };
    const items = pageThrough(
      async (n) => {
        asked.push(n);
        return pages[n]!;
      },
      (p: Page) => p.items,
      (p) => p.last,
      3,
    );
    expect(await collect(items)).toEqual([1, 2, 3]);
    expect(asked).toEqual([3, 4]);
  });

  it("ends at an empty page, so a service that miscounts its pages cannot loop forever", async () => {
    const asked: number[] = [];
    const items = pageThrough(
      async (n) => {
        asked.push(n);
        return { items: n < 3 ? [n] : [], last: false };
      },
      (p: Page) => p.items,
      (p) => p.last,
    );
    expect(await collect(items)).toEqual([1, 2]);
    expect(asked).toEqual([1, 2, 3]);
  });
});
