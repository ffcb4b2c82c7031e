import Ajv2020 from "ajv/dist/2020.js";
import { expect } from "vitest";

/** The served OpenAPI document, as a test reads it. */
export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown> };
}

export async function fetchDocument(url: string): Promise<OpenApiDoc> {
  const res = await fetch(`${url}/api/openapi.json`);
  expect(res.status).toBe(200);
  return (await res.json()) as OpenApiDoc;
}

/** A JSON pointer's escaping of one path segment. */
const pointer = (s: string) => s.replaceAll("~", "~0").replaceAll("/", "~1");

/**
 * Checks answers against the document's response schemas (JSON Schema 2020-12, as OpenAPI
 * 3.1 says), with Ajv, not with the zod schemas the server made the document from.
 */
export class Contract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });

  constructor(private readonly doc: OpenApiDoc) {
    this.ajv.addSchema(doc as object, "openapi.json");
  }

  /** The document's path template of a route ("/api/market/{lootId}/history"). */
  expect(template: string, status: number, res: Response, body: unknown): void {
    const op = this.doc.paths[template]?.get;
    expect(op, `GET ${template} is in the document`).toBeDefined();
    expect(op?.responses[String(status)], `GET ${template} describes ${status}`).toBeDefined();
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const ref = `openapi.json#/paths/${pointer(template)}/get/responses/${status}/content/application~1json/schema`;
    const validate = this.ajv.getSchema(ref);
    if (!validate) throw new Error(`no schema at ${ref}`);
    const ok = validate(body);
    expect(ok, `${template} ${status}: ${this.ajv.errorsText(validate.errors)}`).toBe(true);
  }

  /** Fetches a route and checks its answer. */
  async get(
    url: string,
    template: string,
    path: string,
    status = 200,
    headers: Record<string, string> = {},
  ): Promise<unknown> {
    const res = await fetch(`${url}${path}`, { headers });
    const body: unknown = await res.json();
    this.expect(template, status, res, body);
    return body;
  }
}
