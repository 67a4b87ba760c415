import { describe, expect, it } from "vitest";
import { createProgress, type ProgressOptions, updatesInPlace } from "../../../cli/progress";

const CLEAR = "\r\u001b[2K";

/** A display on a stand-in stream and a clock the test moves. */
function display(stream: { isTTY?: boolean; columns?: number }, over: Partial<ProgressOptions> = {}) {
  const chunks: string[] = [];
  const clock = { t: 0 };
  const progress = createProgress({
    stream: { ...stream, write: (chunk: string) => chunks.push(chunk) },
    prefix: "review: ",
    env: {},
    now: () => clock.t,
    ...over,
  });
  return { progress, chunks, clock, text: () => chunks.join("") };
}

describe("progress on a terminal", () => {
  it("is one line rewritten in place: carriage return, cleared line, no newline", () => {
    const { progress, chunks, clock } = display({ isTTY: true, columns: 80 });
    progress.step("backtests: 0 of 20 jobs done");
    for (let done = 1; done <= 20; done++) {
      clock.t += 500;
      progress.update(`backtests: ${done} of 20 jobs done`);
    }
    progress.done();
    expect(chunks.every((c) => c.startsWith(CLEAR))).toBe(true);
    expect(chunks.join("")).not.toContain("\n");
    expect(chunks).toHaveLength(22);
    expect(chunks.at(-2)).toBe(`${CLEAR}review: backtests: 20 of 20 jobs done`);
    expect(chunks.at(-1)).toBe(CLEAR);
  });

  it("redraws an update at most once per interval, a step always", () => {
    const { progress, chunks, clock } = display({ isTTY: true }, { redrawEveryMs: 100 });
    progress.step("one");
    clock.t += 10;
    progress.update("one: 1");
    clock.t += 10;
    progress.step("two");
    clock.t += 150;
    progress.update("two: 1");
    expect(chunks).toEqual([`${CLEAR}review: one`, `${CLEAR}review: two`, `${CLEAR}review: two: 1`]);
  });

  it("writes a message above the progress line and draws the line again", () => {
    const { progress, chunks } = display({ isTTY: true });
    progress.step("backtests: 1 of 4 jobs done");
    progress.message("could not read the account");
    expect(chunks.slice(1)).toEqual([
      `${CLEAR}review: could not read the account\n`,
      `${CLEAR}review: backtests: 1 of 4 jobs done`,
    ]);
  });

  it("cuts a line to the terminal's width so the carriage return reaches its start", () => {
    const { progress, chunks } = display({ isTTY: true, columns: 20 });
    progress.step("backtests: creating temporary strategy 1 of 10");
    const line = chunks[0]!.slice(CLEAR.length);
    expect([...line]).toHaveLength(19);
    expect(line).toBe("review: backtests:…");
  });

  it("shows a hostile strategy name as text: no escape sequence, carriage return or bidi override reaches the terminal", () => {
    const { progress, text } = display({ isTTY: true, columns: 200 });
    progress.step("measuring “\u001b]0;pwn\u0007 Safety\r\u202efirst”");
    progress.message("deleted “\u001b[2Jx\nforged line”");
    const written = text().replaceAll(CLEAR, "");
    for (const raw of ["\u001b", "\u0007", "\u202e", "\r"]) expect(written).not.toContain(raw);
    expect(written).toContain("\\u001b]0;pwn\\u0007 Safety\\r\\u202efirst");
    expect(written).toContain("\\u001b[2Jx\\nforged line”\n");
    expect(written.split("\n")).toHaveLength(2);
  });

  it("clears nothing when nothing was shown", () => {
    const { progress, chunks } = display({ isTTY: true });
    progress.done();
    expect(chunks).toEqual([]);
  });
});

describe("progress in a log (not a terminal, or CI=true)", () => {
  it("writes one line per step, not one per update", () => {
    const { progress, chunks, clock } = display({});
    progress.step("backtests: creating temporary strategy 1 of 10");
    for (let i = 2; i <= 10; i++) progress.update(`backtests: creating temporary strategy ${i} of 10`);
    progress.step("backtests: 0 of 20 jobs done");
    for (let i = 0; i < 300; i++) {
      clock.t += 100;
      progress.update(`backtests: ${Math.floor(i / 15)} of 20 jobs done`);
    }
    progress.step("backtests: 20 of 20 jobs done; reading the results");
    progress.done();
    expect(chunks).toEqual([
      "review: backtests: creating temporary strategy 1 of 10\n",
      "review: backtests: 0 of 20 jobs done\n",
      "review: backtests: 20 of 20 jobs done; reading the results\n",
    ]);
  });

  it("writes an update only after a long silence, so a long wait still shows it is alive", () => {
    const { progress, chunks, clock } = display({}, { logEveryMs: 60_000 });
    progress.step("waiting");
    clock.t += 59_000;
    progress.update("waiting: 1 of 2");
    clock.t += 2_000;
    progress.update("waiting: 1 of 2 (61 s)");
    expect(chunks).toEqual(["review: waiting\n", "review: waiting: 1 of 2 (61 s)\n"]);
  });

  it("treats a terminal under CI=true as a log", () => {
    expect(updatesInPlace({ isTTY: true, write: () => true }, { CI: "true" })).toBe(false);
    expect(updatesInPlace({ isTTY: true, write: () => true }, { CI: "false" })).toBe(true);
    expect(updatesInPlace({ isTTY: true, write: () => true }, {})).toBe(true);
    expect(updatesInPlace({ write: () => true }, {})).toBe(false);
    const { progress, chunks } = display({ isTTY: true }, { env: { CI: "1" } });
    progress.step("one");
    progress.update("one: 1");
    progress.done();
    expect(chunks).toEqual(["review: one\n"]);
  });

  it("escapes a hostile name in a log line: one line stays one line", () => {
    const { progress, chunks } = display({});
    progress.step("measuring “a\nstrategy-alerts review: forged\u2028b”");
    expect(chunks).toEqual(["review: measuring “a\\nstrategy-alerts review: forged\\u2028b”\n"]);
  });

  it("says nothing within the quiet time, then the state it has reached", () => {
    const { progress, chunks, clock } = display({}, { quietMs: 1_000 });
    progress.step("reading: 0 of 58");
    clock.t += 500;
    progress.update("reading: 1 of 58");
    clock.t += 600;
    progress.update("reading: 3 of 58");
    progress.update("reading: 4 of 58");
    progress.message("a warning");
    expect(chunks).toEqual(["review: reading: 3 of 58\n", "review: a warning\n"]);
  });
});
