// the YAML front door's promises (yaml-front-door-suite.ts) with the npm package's script plugin:
// its start, interrupt and kill (BEHAVIOUR_BUILD runs the rest).
import { yamlFrontDoorSuite } from "./yaml-front-door-suite";

yamlFrontDoorSuite("script plugin");
