/**
 * Declares resources of the package under the SDK's mocks in a fresh process and prints, as JSON,
 * how many stack frames V8 handed to `Error.prepareStackTrace` while each constructor ran, and
 * the stack-trace limit after it (also after a constructor that throws).
 */
import { declareStrategy, mockEngine } from "./mocked-program";

async function main(): Promise<void> {
  const sa = await import("../../provider");
  await mockEngine();
  Error.stackTraceLimit = 25;
  const formatted: number[] = [];
  // What a program's source-map support does: format every stack the SDK asks for.
  Error.prepareStackTrace = (error, frames) => {
    formatted.push(frames.length);
    return `${String(error)}\n${frames.map((f) => `    at ${String(f)}`).join("\n")}`;
  };
  const declare = () => declareStrategy(sa);
  declare(); // the first one also loads what later declarations reuse
  formatted.length = 0;
  const strategy = declare();
  const strategyFrames = [...formatted];
  const limitAfter = Error.stackTraceLimit;
  let thrown = "";
  try {
    new sa.Webhook(undefined as unknown as string, { url: null, enabled: false });
  } catch (err) {
    thrown = String(err);
  }
  process.stdout.write(
    `${JSON.stringify({
      stacks: strategyFrames.length,
      withFrames: strategyFrames.filter((n) => n > 0).length,
      limitAfter,
      limitAfterThrow: Error.stackTraceLimit,
      thrown,
    })}\n`,
  );
  await new Promise((resolve) => strategy.id.apply(resolve));
}

void main();
