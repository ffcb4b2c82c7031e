/**
 * Writes the public API's OpenAPI document to the file given (or standard output), for
 * packages/api-client: `tsx apps/server/scripts/openapi.ts packages/api-client/openapi.json`.
 */
import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "../src/http/public-api/document";

const text = `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`;
const out = process.argv[2];
if (out) writeFileSync(out, text);
else process.stdout.write(text);
