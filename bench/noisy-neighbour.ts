import type { RunningEmulator } from "../emulator/server";
import { controlOk } from "../test/support/emulator";
import { apiCall, noisyAccount, startAttack, UNLIMITED } from "../test/support/noisy-neighbour";
import { type Budget, measureAsync, type Stats } from "./harness";

/**
 * One user's `GET /me` while another user runs the emulator's most expensive queries, four at
 * a time (test/support/noisy-neighbour.ts). Its median should stay far below 100 ms.
 */
export async function noisyNeighbourBenchmark(em: RunningEmulator, budget: Budget): Promise<Stats> {
  const attack = startAttack(em, await noisyAccount(em));
  try {
    const victim = await controlOk<{ apiKey: string }>(em, "POST", "/users", {
      plan: "PRO",
      limits: UNLIMITED,
    });
    return await measureAsync(
      "emulator.meUnderAttack",
      async () => {
        const res = await apiCall(em, victim.apiKey, "GET", "/me");
        if (res.status !== 200) throw new Error(`GET /me answered ${res.status}`);
        return res;
      },
      budget,
    );
  } finally {
    await attack.stop();
  }
}
