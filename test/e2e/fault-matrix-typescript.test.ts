import { defineMatrix } from "./fault-matrix/suite";

// The fault matrix through the TypeScript dynamic door (test/e2e/fault-matrix/cells.ts).
defineMatrix("TypeScript");
