export { makeEnvelope } from "./envelope";
export { DEFAULT_DELIVERY_TIMEOUT_MS, deliver } from "./send";
export { verifyEndpoint } from "./verification";
