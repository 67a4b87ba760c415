import { afterAll, beforeAll } from "vitest";
import type { EmulatorOptions } from "../../emulator/server";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { type ProjectOptions, PulumiProject } from "./harness";
import { type YamlStackOptions, yamlStack } from "./yaml-portfolio-fixture";

type Config = NonNullable<ProjectOptions["config"]>;

/** An emulator account as `TestEmulator.user` makes it. */
export type EmulatorUser = Awaited<ReturnType<TestEmulator["user"]>>;

/**
 * What a test file's scenarios share: one emulator, started before the file's first test, and
 * the projects its tests make on it, removed with the emulator after its last test.
 */
export interface EmulatorFile {
  readonly emulator: TestEmulator;
  /** A TypeScript project whose stack uses `account`'s key (plus any other `config`). */
  project(
    account: { apiKey: string },
    options: Omit<ProjectOptions, "config"> & { config?: Config },
  ): Promise<PulumiProject>;
  /** A YAML stack of the packed package whose stack uses `account`'s key. */
  yaml(
    account: { apiKey: string },
    options: Omit<YamlStackOptions, "config"> & { config?: Config },
  ): Promise<PulumiProject>;
  /** Removes `project` with the file's others (one a test made itself). */
  keep<T extends { cleanup(): Promise<void> }>(project: T): T;
}

/** Registers the file's `beforeAll`/`afterAll`: call it at the top of its `describe`. */
export function emulatorFile(options: EmulatorOptions = {}): EmulatorFile {
  let started: TestEmulator | undefined;
  const kept: { cleanup(): Promise<void> }[] = [];
  beforeAll(async () => {
    started = await TestEmulator.start(options);
  });
  afterAll(async () => {
    for (const p of kept) await p.cleanup();
    await started?.close();
  });
  const file: EmulatorFile = {
    get emulator() {
      if (!started) throw new Error("the file's emulator is used before its beforeAll");
      return started;
    },
    keep(project) {
      kept.push(project);
      return project;
    },
    async project(account, { config, ...rest }) {
      return file.keep(
        await PulumiProject.create({
          ...rest,
          config: { ...stackConfig(file.emulator, account.apiKey), ...config },
        }),
      );
    },
    async yaml(account, { config, ...rest }) {
      return file.keep(
        await yamlStack({ ...rest, config: { ...stackConfig(file.emulator, account.apiKey), ...config } }),
      );
    },
  };
  return file;
}
