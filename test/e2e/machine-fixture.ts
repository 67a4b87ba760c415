import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { PulumiProject } from "./harness";

/**
 * One machine as the rate budget sees it: an emulator, and a shared rate-window directory that
 * every Pulumi project made here uses (STRATEGY_ALERTS_RATE_DIR), kept apart from other files'.
 */
export class MachineFixture {
  private readonly projects: PulumiProject[] = [];

  private constructor(
    readonly emulator: TestEmulator,
    readonly windowDir: string,
  ) {}

  static async start(): Promise<MachineFixture> {
    return new MachineFixture(await TestEmulator.start(), await mkdtemp(join(tmpdir(), "psa-rate-window-")));
  }

  async project(name: string, program: string, apiKey: string): Promise<PulumiProject> {
    const p = await PulumiProject.create({
      name,
      program,
      config: stackConfig(this.emulator, apiKey),
      env: { STRATEGY_ALERTS_RATE_DIR: this.windowDir },
    });
    this.projects.push(p);
    return p;
  }

  async close(): Promise<void> {
    await Promise.all(this.projects.map((p) => p.cleanup()));
    await this.emulator.close();
    await rm(this.windowDir, { recursive: true, force: true });
  }
}
