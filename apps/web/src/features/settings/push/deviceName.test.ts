import { describe, expect, it } from "vitest";
import { defaultDeviceName } from "./deviceName";

describe("defaultDeviceName", () => {
  it("names the browser and, when it fits in 10 characters, the system", () => {
    expect(
      defaultDeviceName(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      ),
    ).toBe("Chrome Win");
    expect(
      defaultDeviceName("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"),
    ).toBe("Firefox");
    expect(
      defaultDeviceName(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari iOS");
    expect(defaultDeviceName("")).toBe("Browser");
    for (const ua of ["Edg/1 Windows", "OPR/1 Mac OS X", "SamsungBrowser/2 Android"]) {
      expect(defaultDeviceName(ua).length).toBeLessThanOrEqual(10);
    }
  });
});
