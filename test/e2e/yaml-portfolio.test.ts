// examples/yaml-portfolio under the real engine (yaml-portfolio-suite.ts) with the npm package's script plugin.
import { yamlPortfolioSuite } from "./yaml-portfolio-suite";

yamlPortfolioSuite("script plugin");
