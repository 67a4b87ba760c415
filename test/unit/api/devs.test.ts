import { describe, expect, it } from "vitest";
import { DevsApi } from "../../../provider/api/devs";
import { collect, recordingTransport } from "./recording-transport";

const ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

describe("DevsApi", () => {
  it("follows, updates and tags a developer by address on the address's routes", async () => {
    const { transport, sent } = recordingTransport({}, {}, {}, {});
    const api = new DevsApi(transport);
    await api.add(ADDRESS);
    await api.update(ADDRESS, { isActive: false } as never);
    await api.setTags(ADDRESS, ["t1"]);
    await api.getTags(ADDRESS);
    expect(sent().map((s) => [s.method, s.route, s.params])).toEqual([
      ["POST", "/devs/:address/add", { address: ADDRESS }],
      ["PUT", "/devs/:address/update", { address: ADDRESS }],
      ["PUT", "/devs/:address/tags", { address: ADDRESS }],
      ["GET", "/devs/:address/tags", { address: ADDRESS }],
    ]);
  });

  it("walks the followed developers page after page until the last page", async () => {
    const { transport, sent } = recordingTransport(
      { developers: [{ address: "a" }], page: 2, totalPages: 3 },
      { developers: [{ address: "b" }], page: 3, totalPages: 3 },
    );
    const all = await collect(new DevsApi(transport).iterate({ page: 2, isActive: true } as never));
    expect(all).toEqual([{ address: "a" }, { address: "b" }]);
    expect(sent().map((s) => s.query)).toEqual([
      { page: 2, isActive: true },
      { page: 3, isActive: true },
    ]);
  });
});
