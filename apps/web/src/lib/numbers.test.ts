import { describe, expect, it } from "vitest";
import {
  formatFull,
  formatNumber,
  formatPercent,
  parseAmount,
  parseWholeAmount,
  SUFFIXES,
  suffixMultiplier,
} from "./numbers";

describe("formatNumber", () => {
  it("shows whole numbers below 10,000 as they are", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(7)).toBe("7");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1234)).toBe("1234");
    expect(formatNumber(9999)).toBe("9999");
  });

  it("shows fractions below 10,000 with 2 decimals", () => {
    expect(formatNumber(12.5)).toBe("12.50");
    expect(formatNumber(0.125)).toBe("0.13");
    expect(formatNumber(9999.99)).toBe("9999.99");
    expect(formatNumber(3.14259)).toBe("3.14");
  });

  it("does not show negative zero for tiny fractions", () => {
    expect(formatNumber(0.001)).toBe("0");
    expect(formatNumber(-0.001)).toBe("0");
    expect(formatNumber(-0)).toBe("0");
  });

  it("abbreviates from 10,000 upwards", () => {
    expect(formatNumber(10_000)).toBe("10K");
    expect(formatNumber(12_345)).toBe("12.34K");
    expect(formatNumber(12_300)).toBe("12.3K");
    expect(formatNumber(999_999)).toBe("999.99K");
    expect(formatNumber(1_000_000)).toBe("1M");
    expect(formatNumber(1_500_000)).toBe("1.5M");
    expect(formatNumber(2_345_678_901)).toBe("2.34B");
  });

  it("uses every suffix from K to Dc", () => {
    const expected = ["K", "M", "B", "T", "Q", "Qi", "Sx", "Sp", "Oc", "Nm", "Dc"];
    expect([...SUFFIXES]).toEqual(expected);
    expected.forEach((suffix, i) => {
      const value = 12 * 10 ** (3 * (i + 1));
      expect(formatNumber(value)).toBe(`12${suffix}`);
    });
  });

  it("handles exact powers of a thousand", () => {
    for (let i = 2; i <= 11; i++) {
      expect(formatNumber(10 ** (3 * i))).toBe(`1${SUFFIXES[i - 1]}`);
    }
  });

  it("keeps using Dc beyond 1e36", () => {
    expect(formatNumber(5e36)).toBe("5000Dc");
  });

  it("truncates instead of rounding up", () => {
    expect(formatNumber(1_999_999)).toBe("1.99M");
    expect(formatNumber(10_009)).toBe("10K");
    expect(formatNumber(1_005_000)).toBe("1M");
    expect(formatNumber(1_010_000)).toBe("1.01M");
  });

  it("formats negative numbers with a leading minus", () => {
    expect(formatNumber(-5)).toBe("-5");
    expect(formatNumber(-12.5)).toBe("-12.50");
    expect(formatNumber(-25_000)).toBe("-25K");
    expect(formatNumber(-3_210_000_000)).toBe("-3.21B");
  });

  it("copes with non-finite values", () => {
    expect(formatNumber(Number.NaN)).toBe("0");
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe("∞");
    expect(formatNumber(Number.NEGATIVE_INFINITY)).toBe("-∞");
  });
});

describe("formatFull", () => {
  it("uses thousands separators and up to 2 decimals", () => {
    expect(formatFull(1_234_567)).toBe("1,234,567");
    expect(formatFull(1234.5)).toBe("1,234.5");
    expect(formatFull(0.126)).toBe("0.13");
    expect(formatFull(-9876543)).toBe("-9,876,543");
    expect(formatFull(Number.NaN)).toBe("0");
  });
});

describe("formatPercent", () => {
  it("shows 2 decimals", () => {
    expect(formatPercent(0.4567)).toBe("45.67%");
    expect(formatPercent(1)).toBe("100.00%");
    expect(formatPercent(0)).toBe("0.00%");
    expect(formatPercent(Number.NaN)).toBe("0.00%");
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe("0.00%");
  });
});

describe("suffixMultiplier", () => {
  it("maps suffixes case-insensitively", () => {
    expect(suffixMultiplier("k")).toBe(1e3);
    expect(suffixMultiplier("M")).toBe(1e6);
    expect(suffixMultiplier("q")).toBe(1e15);
    expect(suffixMultiplier("QI")).toBe(1e18);
    expect(suffixMultiplier("sx")).toBe(1e21);
    expect(suffixMultiplier("Sp")).toBe(1e24);
    expect(suffixMultiplier("oC")).toBe(1e27);
    expect(suffixMultiplier("nm")).toBe(1e30);
    expect(suffixMultiplier("DC")).toBe(1e33);
    expect(suffixMultiplier("x")).toBeUndefined();
    expect(suffixMultiplier("")).toBeUndefined();
  });
});

describe("parseAmount", () => {
  it("parses plain numbers", () => {
    expect(parseAmount("0")).toBe(0);
    expect(parseAmount("42")).toBe(42);
    expect(parseAmount("  42  ")).toBe(42);
    expect(parseAmount("3.5")).toBe(3.5);
    expect(parseAmount(".5")).toBe(0.5);
    expect(parseAmount("5.")).toBe(5);
  });

  it("accepts thousands separators", () => {
    expect(parseAmount("1,234")).toBe(1234);
    expect(parseAmount("1,234,567")).toBe(1_234_567);
    expect(parseAmount("1 234 567")).toBe(1_234_567);
    expect(parseAmount("1_000")).toBe(1000);
    expect(parseAmount("1\u00a0000")).toBe(1000);
    expect(parseAmount("12,345.67")).toBe(12_345.67);
  });

  it("accepts every suffix as a multiplier, case-insensitive", () => {
    expect(parseAmount("1k")).toBe(1e3);
    expect(parseAmount("1K")).toBe(1e3);
    expect(parseAmount("2m")).toBe(2e6);
    expect(parseAmount("3B")).toBe(3e9);
    expect(parseAmount("4t")).toBe(4e12);
    expect(parseAmount("5q")).toBe(5e15);
    expect(parseAmount("6Qi")).toBe(6e18);
    expect(parseAmount("6qi")).toBe(6e18);
    expect(parseAmount("7sx")).toBe(7e21);
    expect(parseAmount("8SP")).toBe(8e24);
    expect(parseAmount("9oc")).toBe(9e27);
    expect(parseAmount("1nm")).toBe(1e30);
    expect(parseAmount("1dc")).toBe(1e33);
  });

  it("combines decimals, separators and suffixes", () => {
    expect(parseAmount("1.5k")).toBe(1500);
    expect(parseAmount("1.1k")).toBe(1100);
    expect(parseAmount("2.25M")).toBe(2_250_000);
    expect(parseAmount("1,500k")).toBe(1_500_000);
    expect(parseAmount("1.5 k")).toBe(1500);
    expect(parseAmount("0.001k")).toBe(1);
  });

  it("accepts a sign and exponent notation", () => {
    expect(parseAmount("-5")).toBe(-5);
    expect(parseAmount("-1.5k")).toBe(-1500);
    expect(parseAmount("+7")).toBe(7);
    expect(parseAmount("1e6")).toBe(1e6);
    expect(parseAmount("2e3k")).toBe(2e6);
  });

  it("turns non-numbers into 0", () => {
    expect(parseAmount("")).toBe(0);
    expect(parseAmount("   ")).toBe(0);
    expect(parseAmount("abc")).toBe(0);
    expect(parseAmount("k")).toBe(0);
    expect(parseAmount("12x")).toBe(0);
    expect(parseAmount("1.2.3")).toBe(0);
    expect(parseAmount("--5")).toBe(0);
    expect(parseAmount("1kk")).toBe(0);
    expect(parseAmount("NaN")).toBe(0);
    expect(parseAmount("Infinity")).toBe(0);
    expect(parseAmount(null)).toBe(0);
    expect(parseAmount(undefined)).toBe(0);
  });

  it("passes finite numbers through and rejects the rest", () => {
    expect(parseAmount(12)).toBe(12);
    expect(parseAmount(Number.NaN)).toBe(0);
    expect(parseAmount(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it("returns 0 rather than Infinity on overflow", () => {
    expect(parseAmount("1e300dc")).toBe(0);
  });
});

describe("parseWholeAmount", () => {
  it("floors and clamps", () => {
    expect(parseWholeAmount("1.9")).toBe(1);
    expect(parseWholeAmount("-3")).toBe(0);
    expect(parseWholeAmount("abc")).toBe(0);
    expect(parseWholeAmount("0", 1)).toBe(1);
    expect(parseWholeAmount("2.5k", 1)).toBe(2500);
  });
});
