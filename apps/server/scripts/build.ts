/**
 * Builds the server for `node dist/main.js` (see bundle.ts): `npm ci --omit=dev` then
 * `npm start` works from it.
 */
import path from "node:path";
import { bundleServer } from "./bundle";

const outdir = path.resolve(import.meta.dirname, "../dist");
await bundleServer(outdir);
console.log(`server built into ${path.relative(process.cwd(), outdir) || "."}`);
