import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Text files worth compressing (images other than SVG are compressed already). */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|webmanifest|svg|txt|xml)$/;
/** Below this size a compressed copy saves nothing worth a second file. */
const MIN_BYTES = 512;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
}

/**
 * Writes a Brotli (`.br`, best quality) and a gzip (`.gz`, level 9) copy beside every text
 * file of the build, so the server sends compressed files without compressing on each
 * request (`apps/server/src/http/static-web.ts` picks the copy the browser accepts).
 * Runs after every other plugin (the service worker is written in `closeBundle` too).
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "manaspire-precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const body = readFileSync(file);
          if (body.length < MIN_BYTES) continue;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}
