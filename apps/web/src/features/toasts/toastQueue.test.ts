import { describe, expect, it } from "vitest";
import {
  addToast,
  DEFAULT_TOAST_MS,
  MAX_VISIBLE_TOASTS,
  removeToast,
  type Toast,
} from "./toastQueue";

const toast = (id: number): Toast => ({ id, text: `t${id}`, durationMs: DEFAULT_TOAST_MS });

describe("toast queue", () => {
  it("uses the spec defaults", () => {
    expect(DEFAULT_TOAST_MS).toBe(4000);
    expect(MAX_VISIBLE_TOASTS).toBe(3);
  });

  it("keeps at most 3, newest replacing oldest", () => {
    let list: Toast[] = [];
    for (let id = 1; id <= 5; id++) list = addToast(list, toast(id));
    expect(list.map((t) => t.id)).toEqual([3, 4, 5]);
  });

  it("removes by id", () => {
    const list = [toast(1), toast(2)];
    expect(removeToast(list, 1).map((t) => t.id)).toEqual([2]);
    expect(removeToast(list, 9)).toHaveLength(2);
  });
});
