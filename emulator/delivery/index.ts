export { type EventEnvelope, makeEnvelope } from "./envelope";
export { DEFAULT_DELIVERY_TIMEOUT_MS, type DeliveryResult, type DeliveryTarget, deliver } from "./send";
export { signPayload } from "./sign";
export { VERIFICATION_EVENT, type VerificationOutcome, verifyEndpoint } from "./verification";
