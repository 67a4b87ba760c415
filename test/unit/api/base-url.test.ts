import { describe, expect, it } from "vitest";
import { parseBaseUrl } from "../../../provider/api/base-url";
import { BaseUrlError } from "../../../provider/api/errors";

const asIs = (text: string) => text;

describe("parseBaseUrl", () => {
  it("splits the origin from the base path, a trailing slash and a path before the prefix allowed", () => {
    expect(parseBaseUrl("https://alerts.example/api/external/v1/", asIs)).toEqual({
      origin: "https://alerts.example",
      basePath: "/api/external/v1",
    });
    expect(parseBaseUrl("http://127.0.0.1:4010/proxy/api/external/v1", asIs)).toEqual({
      origin: "http://127.0.0.1:4010",
      basePath: "/proxy/api/external/v1",
    });
  });

  it("refuses what is not an http(s) URL of the API, saying why", () => {
    const why = (url: string) => {
      try {
        parseBaseUrl(url, asIs);
      } catch (e) {
        expect(e).toBeInstanceOf(BaseUrlError);
        return (e as Error).message;
      }
      throw new Error(`accepted ${url}`);
    };
    expect(why("alerts.example/api/external/v1")).toContain("not an absolute URL");
    expect(why("ftp://alerts.example/api/external/v1")).toContain("scheme must be http or https, not ftp");
    expect(why("https://alerts.example/api/external/v1?x=1")).toContain("query string or fragment");
    expect(why("https://alerts.example/v1")).toContain("https://alerts.example/api/external/v1");
  });

  it("never quotes a user name or password, and passes what it shows through the redactor", () => {
    let message = "";
    try {
      parseBaseUrl("https://ana:hunter2@alerts.example/api/external/v1", asIs);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain("must not carry a user name or password");
    expect(message).not.toContain("hunter2");
    expect(() =>
      parseBaseUrl("https://alerts.example/sa_live_k/v1", (t) => t.replaceAll("sa_live_k", "***")),
    ).toThrow(/\*\*\*/);
  });
});
