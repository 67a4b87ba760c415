import { defineTwoTeams } from "./two-teams/suite";

// Two teams on one account through the YAML door, default and explicit providers
// (test/e2e/two-teams/suite.ts); the TypeScript pairs run in two-teams-typescript.test.ts.
defineTwoTeams([
  ["YAML default provider", "same backend"],
  ["YAML explicit provider", "two backends"],
]);
