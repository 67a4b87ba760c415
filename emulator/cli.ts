#!/usr/bin/env node
/**
 * `strategy-alerts emulator --port <p> [--data <file>] [--seed demo] [--host <h>]` (and `npm run emulator`)
 * Prints the base URL (and with --seed demo the demo users' API keys) and serves until stopped.
 * `--variant a,b` follows other readings of what the spec leaves open; `--variant list` lists them.
 */
import "./startup/quiet-warnings";
import { parseArgs } from "node:util";
import { startEmulator } from "./server";
import { EMULATOR_HELP, EmulatorUsageError } from "./startup/usage";
import {
  assertCompatible,
  describeVariants,
  IncompatibleVariantsError,
  parseVariants,
  UnknownVariantError,
  type VariantName,
} from "./variants/catalog";

/** `--variant a,b`: unknown or incompatible names are usage errors (exit 2) listing the known ones. */
function parseVariantOption(value: string | undefined): ReadonlySet<VariantName> {
  if (value === undefined) return new Set();
  try {
    const variants = parseVariants(value);
    assertCompatible(variants);
    return variants;
  } catch (e) {
    if (e instanceof UnknownVariantError || e instanceof IncompatibleVariantsError)
      throw new EmulatorUsageError(e.message);
    throw e;
  }
}

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string", default: "0" },
      host: { type: "string", default: "127.0.0.1" },
      data: { type: "string" },
      seed: { type: "string" },
      stream: { type: "boolean", default: false },
      "stream-interval": { type: "string" },
      variant: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(EMULATOR_HELP);
    return;
  }
  if (values.variant === "list") {
    process.stdout.write(`${describeVariants()}\n`);
    return;
  }
  const variants = parseVariantOption(values.variant);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new EmulatorUsageError(`--port must be 0-65535`);
  if (values.seed !== undefined && values.seed !== "demo")
    throw new EmulatorUsageError(`--seed accepts only demo`);

  const interval = values["stream-interval"] === undefined ? undefined : Number(values["stream-interval"]);
  if (interval !== undefined && (!Number.isInteger(interval) || interval < 10))
    throw new EmulatorUsageError(`--stream-interval must be an integer of at least 10 (ms)`);
  const emulator = await startEmulator({
    ...(values.stream ? { stream: interval ?? true } : {}),
    port,
    host: values.host,
    ...(values.data ? { dataFile: values.data } : {}),
    ...(values.seed === "demo" ? { seed: "demo" as const } : {}),
    variants,
  });
  // One write, so a process reading our output sees the demo keys together with the URL.
  const lines = [
    ...emulator.demoUsers.map((u) => `Demo user ${u.plan}: userId=${u.userId} apiKey=${u.apiKey}`),
    `Control plane: ${emulator.controlUrl}`,
    `State: ${values.data ? `durable (${values.data})` : "in memory"}`,
    `Variants: ${variants.size > 0 ? [...variants].join(", ") : "none (the readings of docs/spec-decisions.md)"}`,
    `Token stream: ${values.stream ? "on" : "off (POST /_emulator/stream {enabled: true} to start)"}`,
    `Strategy alerts emulator listening: ${emulator.baseUrl}`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);

  const stop = () => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((e: Error) => {
    console.error(e.message);
    process.exit(e.name === "UsageError" ? 2 : 1);
  });
}
