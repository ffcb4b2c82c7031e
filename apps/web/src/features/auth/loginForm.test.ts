import { describe, expect, it } from "vitest";
import { validateLoginForm } from "./loginForm";
import { PASSWORD_TOO_SHORT } from "./password";
import { USERNAME_ERRORS } from "./username";

describe("validateLoginForm", () => {
  it("applies the username and password rules when creating an account", () => {
    expect(validateLoginForm("register", "ab", "longenough")).toBe(USERNAME_ERRORS.length);
    expect(validateLoginForm("register", "Merlin", "short")).toBe(PASSWORD_TOO_SHORT);
    expect(validateLoginForm("register", "Merlin", "longenough")).toBeNull();
  });

  it("only needs both fields to sign in", () => {
    expect(validateLoginForm("signin", " ", "x")).toBe("Enter your username.");
    expect(validateLoginForm("signin", "Merlin", "")).toBe("Enter your password.");
    expect(validateLoginForm("signin", "Merlin", "x")).toBeNull();
  });
});
