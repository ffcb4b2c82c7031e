import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadError, shouldReloadForChunk } from "./chunkReload";

function memory() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
}

describe("chunk reload", () => {
  it("recognises failed dynamic imports in Chromium, Firefox and Safari wording", () => {
    expect(
      isChunkLoadError(
        new TypeError("Failed to fetch dynamically imported module: http://x/assets/a.js"),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it("reloads once, then not again within the window, then again after it", () => {
    const m = memory();
    expect(shouldReloadForChunk(m, 1_000_000)).toBe(true);
    expect(shouldReloadForChunk(m, 1_000_000 + 5_000)).toBe(false);
    expect(shouldReloadForChunk(m, 1_000_000 + CHUNK_RELOAD_WINDOW_MS)).toBe(true);
  });

  it("never reloads without somewhere to remember it", () => {
    expect(shouldReloadForChunk(null)).toBe(false);
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error("quota");
      },
    };
    expect(shouldReloadForChunk(broken)).toBe(false);
  });
});
