import * as sa from "pulumi-strategy-alerts";
export const x = sa.RUNTIME_MODULE;
