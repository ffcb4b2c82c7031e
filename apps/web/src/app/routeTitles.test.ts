import { describe, expect, it } from "vitest";
import { CLIENT_ROUTE_PATTERNS } from "./clientRoutes";
import { documentTitle, titleFor } from "./routeTitles";

describe("route titles", () => {
  it("names every screen", () => {
    expect(titleFor("/")).toBe("Battle");
    expect(titleFor("/town")).toBe("Town");
    expect(titleFor("/inventory/12/upgrade")).toBe("Upgrade item");
    expect(titleFor("/profile/Ada")).toBe("Ada's profile");
    expect(titleFor("/guild/list")).toBe("Guilds");
    expect(titleFor("/guild/armory")).toBe("Guild");
    expect(titleFor("/market/my-orders")).toBe("My orders");
    expect(titleFor("/nowhere")).toBe("Not found");
    for (const pattern of CLIENT_ROUTE_PATTERNS) {
      const path = pattern.replace(/:\w+/g, "x").replace(/\*$/, "y");
      expect(titleFor(path), pattern).not.toBe("Not found");
    }
  });

  it("ends with the product name", () => {
    expect(documentTitle("Town")).toBe("Town · Manaspire");
    expect(documentTitle("")).toBe("Manaspire");
  });
});
