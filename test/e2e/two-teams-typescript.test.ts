import { defineTwoTeams } from "./two-teams/suite";

// Two teams on one account through the TypeScript door (test/e2e/two-teams/suite.ts); the YAML
// pairs run in two-teams-yaml.test.ts.
defineTwoTeams([
  ["TypeScript", "same backend"],
  ["TypeScript", "two backends"],
]);
