import { describe, expect, it } from "vitest";
import { MicroblogApi } from "../../../provider/api/microblog";
import { recordingTransport } from "./recording-transport";

describe("MicroblogApi", () => {
  it("reads handles and tags with their queries", async () => {
    const { transport, sent } = recordingTransport({ handles: [] }, { tags: [] });
    const api = new MicroblogApi(transport);
    await api.handles({ tag: "ai" } as never);
    await api.tags({ scope: "user" });
    expect(sent()).toEqual([
      { method: "GET", route: "/microblog/handles", query: { tag: "ai" } },
      { method: "GET", route: "/microblog/tags", query: { scope: "user" } },
    ]);
  });
});
