/**
 * Reads the server's OpenAPI document (`/api/openapi.json`, issue 28) into what /developers
 * shows, so the page says exactly what the code declares.
 */

type Json = Record<string, unknown>;

export interface ApiParameter {
  name: string;
  in: string;
  required: boolean;
  description: string;
}

export interface ApiEndpoint {
  method: "GET";
  path: string;
  tag: string;
  summary: string;
  description: string;
  parameters: ApiParameter[];
  /** Status codes the route answers, with the answer's type name when it has one. */
  responses: Array<{ status: string; type: string }>;
  /** The 200 answer's fields (top level), or its content type when it is not JSON. */
  shape: string;
  needsKey: boolean;
}

export interface ApiSection {
  tag: string;
  description: string;
  endpoints: ApiEndpoint[];
}

const obj = (v: unknown): Json => (v && typeof v === "object" ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === "string" ? v : "");

function resolve(doc: Json, schema: unknown): Json {
  const ref = str(obj(schema).$ref);
  if (!ref.startsWith("#/")) return obj(schema);
  let at: unknown = doc;
  for (const part of ref.slice(2).split("/")) at = obj(at)[part];
  return obj(at);
}

function refName(schema: unknown): string {
  const s = obj(schema);
  const ref = str(s.$ref) || str(obj(s.items).$ref);
  const name = ref.slice(ref.lastIndexOf("/") + 1);
  return name && s.type === "array" ? `${name}[]` : name;
}

function shapeOf(doc: Json, schema: unknown): string {
  const s = resolve(doc, schema);
  if (s.type === "array") return `[${shapeOf(doc, s.items)}]`;
  const props = Object.keys(obj(s.properties));
  return props.length ? `{${props.join(", ")}}` : str(s.type);
}

/** The document's GET routes grouped by tag, in the document's tag order. */
export function apiSections(document: unknown): ApiSection[] {
  const doc = obj(document);
  const tags = (Array.isArray(doc.tags) ? doc.tags : []).map((t) => ({
    tag: str(obj(t).name),
    description: str(obj(t).description),
  }));
  const sections = new Map(tags.map((t) => [t.tag, { ...t, endpoints: [] as ApiEndpoint[] }]));
  for (const [path, item] of Object.entries(obj(doc.paths))) {
    const op = obj(obj(item).get);
    if (!Object.keys(op).length) continue;
    const tag = str((op.tags as unknown[] | undefined)?.[0]) || "Other";
    const ok = obj(obj(op.responses)["200"]);
    const content = obj(ok.content);
    const json = obj(content["application/json"]);
    const endpoint: ApiEndpoint = {
      method: "GET",
      path,
      tag,
      summary: str(op.summary),
      description: str(op.description),
      parameters: (Array.isArray(op.parameters) ? op.parameters : []).map((p) => ({
        name: str(obj(p).name),
        in: str(obj(p).in),
        required: obj(p).required === true,
        description: str(obj(p).description) || str(obj(obj(p).schema).description),
      })),
      responses: Object.entries(obj(op.responses)).map(([status, r]) => ({
        status,
        type: refName(obj(obj(obj(r).content)["application/json"]).schema),
      })),
      shape: json.schema ? shapeOf(doc, json.schema) : Object.keys(content).join(", "),
      needsKey: Array.isArray(op.security) && op.security.length > 0,
    };
    const section = sections.get(tag) ?? { tag, description: "", endpoints: [] };
    section.endpoints.push(endpoint);
    sections.set(tag, section);
  }
  return [...sections.values()].filter((s) => s.endpoints.length > 0);
}
