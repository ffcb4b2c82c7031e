import { describe, expect, it } from "vitest";
import { PASSWORD_TOO_SHORT, validateNewPassword } from "./password";

describe("validateNewPassword", () => {
  it("needs at least 8 characters", () => {
    expect(validateNewPassword("")).toBe(PASSWORD_TOO_SHORT);
    expect(validateNewPassword("1234567")).toBe(PASSWORD_TOO_SHORT);
    expect(validateNewPassword("12345678")).toBeNull();
  });
});
