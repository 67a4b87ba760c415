import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { PulumiProject } from "./harness";

/**
 * One machine as the rate budget sees it: an emulator, and a shared rate-window directory that
 * every Pulumi project made here uses (STRATEGY_ALERTS_RATE_DIR), kept apart from other files'.
 */
class MachineFixture {
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

/**
 * A test file's machine, registered as its `beforeAll`/`afterAll`: call it at the top of its
 * `describe`, and make the file's projects with `project`.
 */
export function machineFile(): {
  readonly emulator: TestEmulator;
  project(name: string, program: string, apiKey: string): Promise<PulumiProject>;
} {
  let machine: MachineFixture | undefined;
  beforeAll(async () => {
    machine = await MachineFixture.start();
  });
  afterAll(async () => {
    await machine?.close();
  });
  const started = (): MachineFixture => {
    if (!machine) throw new Error("the file's machine is used before its beforeAll");
    return machine;
  };
  return {
    get emulator() {
      return started().emulator;
    },
    project: (name, program, apiKey) => started().project(name, program, apiKey),
  };
}
