import { defineMatrix } from "./fault-matrix/suite";

// The fault matrix through the TypeScript dynamic door (test/e2e/fault-matrix/cells.ts), one of its three
// shards: `kill -9` of `pulumi up`, then cancel and recover. Its other faults run in the door's
// other two files.
defineMatrix("TypeScript", "killed");
