// examples/yaml-portfolio under the real engine (yaml-portfolio-suite.ts) with the release binary.
import { yamlPortfolioSuite } from "./yaml-portfolio-suite";

yamlPortfolioSuite("release binary");
