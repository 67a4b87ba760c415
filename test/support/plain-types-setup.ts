import { writePlainTypes } from "../../scripts/plain-types";

/**
 * Vitest's global setup for every project: provider/model/plain-types.ts is generated, not
 * committed, so a bare `npx vitest run <file>` on a fresh clone writes it first, as the npm
 * scripts do (a no-op while it is fresh).
 */
export default function setup(): void {
  writePlainTypes();
}
