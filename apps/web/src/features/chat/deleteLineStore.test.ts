import { describe, expect, it } from "vitest";
import { askDeleteLine, closeDeleteLine, useDeleteLine } from "./deleteLineStore";

describe("delete confirmation state", () => {
  it("holds the line asked about until closed", () => {
    askDeleteLine(41);
    expect(useDeleteLine.getState().id).toBe(41);
    askDeleteLine(42);
    expect(useDeleteLine.getState().id).toBe(42);
    closeDeleteLine();
    expect(useDeleteLine.getState().id).toBeNull();
  });
});
