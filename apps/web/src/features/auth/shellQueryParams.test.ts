import { describe, expect, it } from "vitest";
import { readShellQueryParams } from "./shellQueryParams";

describe("readShellQueryParams", () => {
  it("does nothing without parameters", () => {
    expect(readShellQueryParams("")).toEqual({ token: null, ref: null, cleanedSearch: null });
  });

  it("takes the jwt and removes it from the address", () => {
    expect(readShellQueryParams("?jwt=abc.def")).toEqual({
      token: "abc.def",
      ref: null,
      cleanedSearch: "",
    });
  });

  it("keeps other parameters when removing the jwt", () => {
    expect(readShellQueryParams("?message=hi&jwt=t&x=1")).toEqual({
      token: "t",
      ref: null,
      cleanedSearch: "?message=hi&x=1",
    });
  });

  it("reads ref without touching the address", () => {
    expect(readShellQueryParams("?ref=42")).toEqual({
      token: null,
      ref: "42",
      cleanedSearch: null,
    });
  });

  it("removes an empty jwt without storing it", () => {
    expect(readShellQueryParams("?jwt=&ref=7")).toEqual({
      token: null,
      ref: "7",
      cleanedSearch: "?ref=7",
    });
  });
});
