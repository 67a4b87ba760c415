export { providerShell, RUNTIME_MODULE } from "./resources/provider-shell";
