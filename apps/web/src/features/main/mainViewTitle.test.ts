import { ActionType } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { mainViewTitle } from "./mainViewTitle";

describe("main view title", () => {
  it("shows the action and the actions left, or Out of actions", () => {
    expect(mainViewTitle(ActionType.Battle, 1234)).toBe("Battle · 1,234 actions left");
    expect(mainViewTitle(ActionType.None, 1)).toBe("Battle · 1 action left");
    expect(mainViewTitle(ActionType.Fishing, 20)).toBe("Fishing · 20 actions left");
    expect(mainViewTitle(ActionType.Battle, 0)).toBe("Out of actions");
  });
});
