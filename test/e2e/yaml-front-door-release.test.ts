// The YAML front door's promises (yaml-front-door-suite.ts) with the release binary.
import { yamlFrontDoorSuite } from "./yaml-front-door-suite";

yamlFrontDoorSuite("release binary");
