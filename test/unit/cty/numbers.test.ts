import fc from "fast-check";
import {
  decimalFromDouble,
  decimalToExactDouble,
  decimalToText,
  parseDecimal,
} from "../../../lib/provider/cty/decimal";
import { numberToText, numberToWire } from "../../../lib/provider/cty/numbers";
import { CtyDecimal, compareCtyNumbers, toCtyNumber } from "../../../lib/provider/cty";

describe("exact decimals", () => {
  it("prints the exact value of a double", () => {
    expect(decimalToText(decimalFromDouble(0.1))).toBe("0.1000000000000000055511151231257827021181583404541015625");
    expect(decimalToText(decimalFromDouble(-2.5))).toBe("-2.5");
    expect(decimalToText(decimalFromDouble(1e21))).toBe("1000000000000000000000");
    expect(decimalToText(decimalFromDouble(5e-324))).toMatch(/^0\.0{323}49406564584124654/);
  });

  it.each([
    ["1.50", "1.5"],
    ["+3", "3"],
    [".5", "0.5"],
    ["5.", "5"],
    ["-0.000", "0"],
    ["1e3", "1000"],
    ["12.5e-3", "0.0125"],
    ["-007.10E+1", "-71"],
  ])("normalizes %s to %s", (input, text) => {
    expect(decimalToText(parseDecimal(input)!)).toBe(text);
  });

  it.each(["", ".", "1..2", "0x10", "1e", "abc", " 1", "1e100000", "1e-20000"])("refuses %j", (input) => {
    expect(parseDecimal(input)).toBeUndefined();
  });

  it("finds the double that holds a decimal exactly, and only that", () => {
    expect(decimalToExactDouble(parseDecimal("0.5")!)).toBe(0.5);
    expect(decimalToExactDouble(parseDecimal("0.1000000000000000055511151231257827021181583404541015625")!)).toBe(0.1);
    expect(decimalToExactDouble(parseDecimal("0.1")!)).toBeUndefined();
    expect(decimalToExactDouble(parseDecimal("1e400")!)).toBeUndefined();
  });

  it("property: every finite double survives double → exact text → double", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (d) => {
        const text = decimalToText(decimalFromDouble(d));
        expect(Number(text)).toBe(d === 0 ? 0 : d);
        expect(decimalToExactDouble(parseDecimal(text)!)).toBe(d === 0 ? 0 : d);
      }),
      { numRuns: 300 },
    );
  });
});

describe("canonical cty numbers", () => {
  it.each<[string, number | bigint | CtyDecimal | string, number | bigint | string]>([
    ["safe integer", 42, 42],
    ["negative zero", -0, 0],
    ["unsafe integer double", 2 ** 60, 2n ** 60n],
    ["small bigint", 7n, 7],
    ["large bigint", 2n ** 53n + 1n, 2n ** 53n + 1n],
    ["exact fraction", 0.25, 0.25],
    ["infinity", Infinity, Infinity],
    ["numeric string integer", "9007199254740993", 9007199254740993n],
    ["numeric string with exponent", "1.5e1", 15],
    ["decimal string with exact double", "0.375", 0.375],
    ["decimal string without exact double", "0.1", "decimal:0.1"],
    ["CtyDecimal holding an integer", new CtyDecimal("12.000"), 12],
    ["CtyDecimal holding an exact double", new CtyDecimal("2.5"), 2.5],
    ["string infinity", "-Inf", -Infinity],
  ])("%s", (_name, input, expected) => {
    const n = toCtyNumber(input);
    if (typeof expected === "string" && expected.startsWith("decimal:")) {
      expect(n).toBeInstanceOf(CtyDecimal);
      expect((n as CtyDecimal).text).toBe(expected.slice("decimal:".length));
    } else {
      expect(n).toBe(expected);
    }
  });

  it("refuses NaN and non-numeric strings", () => {
    expect(() => toCtyNumber(NaN)).toThrow(/not a number cty can represent/);
    expect(() => toCtyNumber("12 apples")).toThrow(/"12 apples" is not a number/);
  });

  it("CtyDecimal keeps canonical text and refuses garbage", () => {
    const d = new CtyDecimal("000123.4500");
    expect(d.text).toBe("123.45");
    expect(String(d)).toBe("123.45");
    expect(JSON.stringify({ d })).toBe('{"d":"123.45"}');
    expect(d.toNumber()).toBe(123.45);
    expect(() => new CtyDecimal("1,5")).toThrow(/"1,5" is not a decimal number/);
  });

  it("compares numbers of every representation numerically", () => {
    expect(compareCtyNumbers(1, 1n)).toBe(0);
    expect(compareCtyNumbers(new CtyDecimal("0.1"), 0.1)).toBe(-1); // the double 0.1 is slightly above 0.1
    expect(compareCtyNumbers(2n ** 64n, 1e19)).toBe(1);
    expect(compareCtyNumbers(-Infinity, -(2n ** 100n))).toBe(-1);
    expect(compareCtyNumbers(Infinity, Infinity)).toBe(0);
    expect(compareCtyNumbers("-3.5", -3)).toBe(-1);
  });

  it("writes numbers as cty does on the wire: int64, else exact double, else decimal text", () => {
    expect(numberToWire(5)).toBe(5);
    expect(numberToWire(-(2 ** 31))).toBe(-(2 ** 31));
    expect(numberToWire(2 ** 40)).toBe(2n ** 40n); // bigint → int64, never float64
    expect(numberToWire(0.5)).toBe(0.5);
    expect(numberToWire(2n ** 63n - 1n)).toBe(2n ** 63n - 1n);
    expect(numberToWire(2n ** 64n)).toBe(2 ** 64); // exact as a double
    expect(numberToWire(2n ** 64n + 1n)).toBe("18446744073709551617");
    expect(numberToWire(new CtyDecimal("0.1"))).toBe("0.1");
  });

  it("prints exact text", () => {
    expect(numberToText(0.1)).toBe("0.1000000000000000055511151231257827021181583404541015625");
    expect(numberToText(-Infinity)).toBe("-Inf");
    expect(numberToText(1e21)).toBe("1000000000000000000000");
    expect(numberToText(-12)).toBe("-12");
  });
});
