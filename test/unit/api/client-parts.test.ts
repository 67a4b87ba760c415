import { describe, expect, it } from "vitest";
import { AccountApi } from "../../../provider/api/account";
import { BacktestsApi } from "../../../provider/api/backtests";
import { clientParts } from "../../../provider/api/client-parts";
import { DevsApi } from "../../../provider/api/devs";
import { EvaluationsApi } from "../../../provider/api/evaluations";
import { MicroblogApi } from "../../../provider/api/microblog";
import { NotificationsApi } from "../../../provider/api/notifications";
import { StrategiesApi } from "../../../provider/api/strategies";
import { Transport } from "../../../provider/api/transport";
import { WebhookApi } from "../../../provider/api/webhook";

describe("clientParts", () => {
  it("builds one transport and every endpoint group over it", async () => {
    const parts = clientParts({ apiKey: "sa_live_parts", baseUrl: "https://alerts.example/api/external/v1" });
    try {
      expect(parts.transport).toBeInstanceOf(Transport);
      expect(parts.account).toBeInstanceOf(AccountApi);
      expect(parts.strategies).toBeInstanceOf(StrategiesApi);
      expect(parts.evaluations).toBeInstanceOf(EvaluationsApi);
      expect(parts.backtests).toBeInstanceOf(BacktestsApi);
      expect(parts.notifications).toBeInstanceOf(NotificationsApi);
      expect(parts.microblog).toBeInstanceOf(MicroblogApi);
      expect(parts.devs).toBeInstanceOf(DevsApi);
      expect(parts.webhook).toBeInstanceOf(WebhookApi);
      for (const group of [parts.account, parts.strategies, parts.webhook])
        expect((group as unknown as { transport: Transport }).transport).toBe(parts.transport);
    } finally {
      await parts.transport.close();
    }
  });
});
