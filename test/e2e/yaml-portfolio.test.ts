// examples/yaml-portfolio under the real engine (yaml-portfolio-suite.ts) with the npm package's script plugin:
// its start and first up (BEHAVIOUR_BUILD runs the rest).
import { yamlPortfolioSuite } from "./yaml-portfolio-suite";

yamlPortfolioSuite("script plugin");
