import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BEGIN,
  currentSection,
  DOC_PATH,
  END,
  renderCatalogue,
  replaceSection,
} from "../scripts/catalogue";
import {
  type AnyCodec,
  CLIENT_BUILD,
  clientMessages,
  serverMessages,
  t,
  Writer,
} from "../src/index";
import { hex } from "./helpers";

const doc = readFileSync(DOC_PATH, "utf8");

/** Every markdown table row of `text` as trimmed cells (escaped pipes stay inside a cell). */
function rows(text: string): string[][] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}
const docRows = rows(doc);
const firstCells = new Set(docRows.map((r) => r[0]));

describe("docs/protocol.md", () => {
  it("has a catalogue section that matches the declarations (run scripts/catalogue.ts)", () => {
    expect(doc.indexOf(BEGIN)).toBeGreaterThan(0);
    expect(doc.indexOf(END)).toBeGreaterThan(doc.indexOf(BEGIN));
    expect(currentSection(doc)).toBe(renderCatalogue());
  });

  it("catalogue lists every message of both directions with its opcode", () => {
    const generated = rows(renderCatalogue());
    for (const catalogue of [serverMessages, clientMessages]) {
      for (const [name, def] of Object.entries(catalogue)) {
        const row = generated.find((r) => r[2] === `\`${name}\`` && r[0] === String(def.op));
        expect(row, name).toBeDefined();
      }
    }
    expect(generated).toContainEqual([
      "5",
      "`00 05`",
      "`selectEnemy`",
      "`zone`: Zone (1–5)<br>`enemy`: uint53<br>`magicType`: optional(MagicType (1–3))",
    ]);
  });

  it("detects a stale section", () => {
    const stale = replaceSection(doc, "\n| 0 | `00 00` | `toast` | |\n");
    expect(currentSection(stale)).not.toBe(renderCatalogue());
    expect(replaceSection(stale, renderCatalogue())).toBe(doc);
    expect(() => replaceSection("no markers", "")).toThrow(/lacks/);
  });

  it("states the current CLIENT_BUILD", () => {
    expect(doc).toMatch(new RegExp(`currently \\*\\*${CLIENT_BUILD}\\*\\*`));
    expect(doc).toContain("versionCheck { build: CLIENT_BUILD }");
  });

  it("documents every error code", () => {
    const codes = ["truncated", "unknown_opcode", "length_overflow", "trailing_bytes"];
    for (const code of [...codes, "invalid_enum", "invalid_value"]) {
      expect(firstCells.has(`\`${code}\``), code).toBe(true);
    }
  });

  it("gives the meaning of every enum the catalogue names", () => {
    const named = new Set([...renderCatalogue().matchAll(/([A-Z]\w+) \(\d/g)].map((m) => m[1]));
    expect(named.size).toBeGreaterThan(10);
    for (const name of named) expect(firstCells.has(name), name).toBe(true);
  });

  /** The byte layout examples table: first cell to bytes. */
  const layoutRows = new Map(
    docRows
      .filter((r) => r.length === 2 && /^`[0-9a-f ]+`$/.test(r[1] ?? ""))
      .map((r) => [r[0], r[1]!.slice(1, -1)]),
  );

  const examples: [firstCell: string, codec: AnyCodec, value: unknown][] = [
    ["`u16` 300", t.u16, 300],
    ["`i16` -2", t.i16, -2],
    ["`u32` 7", t.u32, 7],
    ["`f64` 1", t.f64, 1],
    ["`uint53` 258", t.uint53, 258],
    ["`bool` true", t.bool, true],
    ['`string` "hi"', t.string(), "hi"],
    ['`string` "漢" (1 UTF-16 unit, 3 bytes)', t.string(1), "漢"],
    ["`optional(u8)` absent", t.optional(t.u8), undefined],
    ["`optional(u8)` 7", t.optional(t.u8), 7],
    ["`array(u8)` [1, 2]", t.array(t.u8), [1, 2]],
    ["`map(u8, u32)` {2: 7}", t.map(t.u8, t.u32), { 2: 7 }],
    [
      "`record({ a: u8, b: bool })` {a: 1, b: true}",
      t.record({ a: t.u8, b: t.bool }),
      { a: 1, b: true },
    ],
  ];

  it("byte layout table has exactly the checked examples", () => {
    expect([...layoutRows.keys()]).toEqual(examples.map(([cell]) => cell));
  });

  it.each(examples)("byte layout example %s is what the codec writes", (cell, codec, value) => {
    const w = new Writer();
    codec.encode(w, value);
    expect(hex(w.finish())).toBe(layoutRows.get(cell)?.replaceAll(" ", ""));
  });

  it("framing examples are the encoder's bytes", () => {
    expect(doc).toContain(
      '`toast { text: "hi" }` (server, opcode 0) is the six bytes `00 00 | 00 02 68 69`',
    );
    expect(doc).toContain("`00 05 | 03 | 40 70 20 00 00 00 00 00 | 01 02`");
  });
});
