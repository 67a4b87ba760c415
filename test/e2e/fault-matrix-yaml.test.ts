import { defineMatrix } from "./fault-matrix/suite";

// The fault matrix through the YAML plugin door (test/e2e/fault-matrix/cells.ts).
defineMatrix("YAML");
