import { vi } from "vitest";
import { run } from "../../cli";

export interface CliOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/** `strategy-alerts …` run in this process, with what it writes to stdout and stderr. */
export async function runCliInProcess(argv: string[]): Promise<CliOutput> {
  let stdout = "";
  let stderr = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    return { code: await run(argv), stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}
