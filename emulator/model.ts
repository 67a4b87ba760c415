/**
 * The one seam between the emulator and the shared pure model: strategy validation and the
 * rule mapping come from provider/model, so the emulator and the client can never disagree
 * about what a valid strategy is or how rules are stored.
 */
export {
  canonicalStrategyInput,
  rulesToStored,
  storedToRules,
  validateStrategyInput,
} from "../provider/model";
