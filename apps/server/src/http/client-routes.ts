/**
 * The web client's addresses, as the build lists them in `client-routes.json` (React Router
 * patterns: `:name` is one segment, a trailing `*` any rest). An address that matches one is
 * a screen of the client (200 with index.html); any other is not found (404).
 */
export class ClientRoutes {
  private readonly patterns: RegExp[];

  constructor(patterns: readonly string[]) {
    this.patterns = patterns.map(toRegExp);
  }

  /** Reads the build's list; anything but an array of strings is refused. */
  static parse(json: string): ClientRoutes {
    const list: unknown = JSON.parse(json);
    if (!Array.isArray(list) || !list.every((p) => typeof p === "string" && p.startsWith("/"))) {
      throw new Error("client-routes.json is not a list of paths");
    }
    return new ClientRoutes(list);
  }

  /** Whether the path (no query, decoded) is one of the client's screens. */
  matches(pathname: string): boolean {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    return this.patterns.some((re) => re.test(path));
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function toRegExp(pattern: string): RegExp {
  const rest = pattern.endsWith("/*");
  const segments = (rest ? pattern.slice(0, -2) : pattern).split("/").filter((s) => s !== "");
  const body = segments.map((s) => (s.startsWith(":") ? "/[^/]+" : `/${escapeRegExp(s)}`)).join("");
  if (rest) return new RegExp(`^${body}(/.*)?$`);
  return new RegExp(`^${body === "" ? "/" : body}$`);
}
