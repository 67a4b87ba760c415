import { describe, expect, it } from "vitest";
import { buildVersion } from "../../../scripts/plugin-release/node-binary";

// What the registry served on the day of writing, in part.
const LINUX_X64 = ["22.0.0", "24.0.0", "24.9.0", "24.11.1", "24.18.0", "24.20.0", "24.21.0", "25.0.0"];
const LINUX_ARM64 = ["24.20.0", "24.21.0", "24.22.0", "25.1.0"];
const WIN_X64 = ["24.0.0", "24.11.1", "24.13.1", "24.21.0"];

describe("buildVersion", () => {
  it("keeps the pinned version when the registry serves it for the platform", () => {
    expect(buildVersion("24.9.0", LINUX_X64, LINUX_X64)).toBe("24.9.0");
  });

  it("otherwise takes the newest of the pinned major line served for the platform and this machine alike", () => {
    // 24.22.0 is served for arm64 only: no binary of this machine could write its blob.
    expect(buildVersion("24.9.0", LINUX_ARM64, LINUX_X64)).toBe("24.21.0");
    expect(buildVersion("24.9.0", WIN_X64, LINUX_X64)).toBe("24.21.0");
  });

  it("orders versions as numbers, not as text", () => {
    expect(buildVersion("24.9.0", ["24.9.1", "24.10.0", "24.2.0"], ["24.9.1", "24.10.0", "24.2.0"])).toBe(
      "24.10.0",
    );
  });

  it("finds none outside the pinned major line, nor among pre-releases", () => {
    expect(buildVersion("24.9.0", ["25.1.0", "24.30.0-rc.1"], ["25.1.0", "24.30.0-rc.1"])).toBeUndefined();
    expect(buildVersion("24.9.0", [], LINUX_X64)).toBeUndefined();
  });
});
