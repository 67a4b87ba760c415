/** Fake time: `sleep` advances `now` instantly and records what was asked. */
export function fakeClock(start = Date.parse("2026-04-01T00:00:00.000Z")) {
  const clock = {
    t: start,
    sleeps: [] as number[],
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.t += ms;
    },
  };
  return clock;
}
