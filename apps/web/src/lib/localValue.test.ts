import { describe, expect, it } from "vitest";
import { booleanCodec, integerCodec, stringCodec, stringListCodec } from "./localValue";

describe("local value codecs", () => {
  it("stringCodec treats empty and missing as null", () => {
    expect(stringCodec.parse(null)).toBeNull();
    expect(stringCodec.parse("")).toBeNull();
    expect(stringCodec.parse("abc")).toBe("abc");
    expect(stringCodec.serialize("abc")).toBe("abc");
  });

  it("booleanCodec falls back when missing", () => {
    expect(booleanCodec(false).parse(null)).toBe(false);
    expect(booleanCodec(true).parse(null)).toBe(true);
    expect(booleanCodec(true).parse("false")).toBe(false);
    expect(booleanCodec(false).parse("true")).toBe(true);
    expect(booleanCodec(false).serialize(true)).toBe("true");
  });

  it("integerCodec falls back on garbage", () => {
    expect(integerCodec(0).parse(null)).toBe(0);
    expect(integerCodec(0).parse("12")).toBe(12);
    expect(integerCodec(3).parse("abc")).toBe(3);
    expect(integerCodec(0).serialize(4.7)).toBe("4");
  });

  it("stringListCodec keeps only strings of a JSON array", () => {
    expect(stringListCodec.parse(null)).toEqual([]);
    expect(stringListCodec.parse("not json")).toEqual([]);
    expect(stringListCodec.parse('{"a":1}')).toEqual([]);
    expect(stringListCodec.parse('["town", 3, "news"]')).toEqual(["town", "news"]);
    expect(stringListCodec.serialize(["a", "b"])).toBe('["a","b"]');
  });
});
