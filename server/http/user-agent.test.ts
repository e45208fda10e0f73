import { describe, expect, it } from "vitest";
import { describeDevice } from "./user-agent.ts";

const CHROME_ON_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36";

describe("describeDevice", () => {
  it("names the browser and the system", () => {
    expect(describeDevice(CHROME_ON_ANDROID)).toBe("Chrome 142 · Android");
    expect(
      describeDevice(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari 18 · iOS");
    expect(describeDevice(undefined)).toBe("");
  });
});
