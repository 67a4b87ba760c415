import * as sa from "pulumi-strategy-alerts";
const s = new sa.Strategy("probe", { name: "probe", triggers: ["new_token_created"], rules: [{ rule: "is_honeypot", dealbreaker: true, enabled: true }] });
export const id = s.strategyId;
