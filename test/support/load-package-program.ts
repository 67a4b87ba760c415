/**
 * A program's view of the package, run in a fresh process by the test of what the package
 * prints on its own: `load` requires the main entry and the runtime; `construct` also declares
 * one resource of every kind under the SDK's mocks, each registered with its provider text as
 * in `pulumi up`.
 */
import { declareEveryKind, mockEngine } from "./mocked-program";

async function main(mode: string): Promise<void> {
  const sa = await import("../../provider");
  await import("../../provider/runtime");
  if (mode !== "construct") return;
  const registered: string[] = [];
  await mockEngine((args) => registered.push(`${args.type}:${typeof args.inputs.__provider}`));
  await declareEveryKind(sa);
  process.stdout.write(`${registered.sort().join("\n")}\n`);
}

void main(process.argv[2] ?? "load");
