import { parseArgs } from "node:util";
import type { Subcommand } from "../command";
import { UsageError } from "../command";

const DOCTOR_HELP = `usage: strategy-alerts doctor [--write-probe] [--probe-rate] [--json]

Checks which reading of what the spec leaves open this service follows, before the first
\`pulumi up\` against it. Read-only by default: reachability and TLS, authentication, GET /me,
every list endpoint parsed with the client's schemas (naming the first field that does not
parse), fields added or left out, default list orders, the 404 layout, rate-limit headers,
Retry-After on a 429, clock skew from the Date header and the webhook's state.

Prints a table (item | the spec says | the emulator's reading | this service) and a last line
\`doctor: <n> checks, <n> differ from the emulator's reading, <n> would break the provider\`.

options:
  --write-probe  also create one temporary inactive strategy ([doctor-tmp <run>] …) to check that
                 PATCH replaces rules, the 400 layout for an invalid rule and the length limits;
                 it is deleted at the end and on Ctrl-C; leftovers of killed runs are swept
  --probe-rate   spend one minute of the key's rate budget to tell a fixed window from a
                 sliding one (takes one to two minutes; other clients of the key meet 429s)
  --json         machine-readable output instead of the table
  -h, --help     show this help

exit status: 0 when nothing would break the provider, 1 when something would, 2 on bad usage.

environment:
  STRATEGY_ALERTS_API_KEY   the account's API key (never printed)
  STRATEGY_ALERTS_BASE_URL  the API base URL, ending in /api/external/v1`;

export const doctorCommand: Subcommand = {
  name: "doctor",
  summary: "check which readings of the spec's open points a service follows",
  help: DOCTOR_HELP,
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        "write-probe": { type: "boolean" },
        "probe-rate": { type: "boolean" },
        json: { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    });
    // Loaded only here: `--help` and the other commands do not pay for the checks.
    const { API_KEY_ENV, BASE_URL_ENV } = await import("../../provider/credentials");
    const { ConfigurationError } = await import("../../provider/api/errors");
    const { diagnose, runCleanups } = await import("../doctor/run");
    const { RATE_PROBE_NOTICE } = await import("../doctor/rate-probe");
    const { renderJson, renderTable, summaryLine } = await import("../doctor/table");
    const apiKey = process.env[API_KEY_ENV];
    const baseUrl = process.env[BASE_URL_ENV];
    if (!apiKey) throw new UsageError(`set ${API_KEY_ENV} to the account's API key`);
    if (!baseUrl)
      throw new UsageError(`set ${BASE_URL_ENV} to the API base URL (ending in /api/external/v1)`);
    const log = (line: string) => process.stderr.write(`strategy-alerts doctor: ${line}\n`);
    if (values["probe-rate"]) log(RATE_PROBE_NOTICE);

    // An interrupt must not leave the probe strategy behind: delete it, then exit.
    let context: Parameters<typeof runCleanups>[0] | undefined;
    const onSignal = (signal: NodeJS.Signals) => {
      log(`${signal}: deleting the probe strategy before exiting`);
      const done = () => process.exit(signal === "SIGINT" ? 130 : 143);
      (context ? runCleanups(context) : Promise.resolve()).then(done, done);
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    try {
      const report = await diagnose({
        apiKey,
        baseUrl,
        writeProbe: values["write-probe"] ?? false,
        probeRate: values["probe-rate"] ?? false,
        log,
        onContext: (ctx) => {
          context = ctx;
        },
      });
      if (values.json) {
        process.stdout.write(renderJson(report));
        log(summaryLine(report));
      } else process.stdout.write(renderTable(report));
      return report.broken > 0 ? 1 : 0;
    } catch (e) {
      // A malformed base URL or key is bad input, told without echoing the key.
      if (e instanceof ConfigurationError) throw new UsageError(e.message);
      throw e;
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
  },
};
