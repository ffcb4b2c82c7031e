/**
 * A minimal browser for the identity provider flows: keeps cookies per host (ignoring paths,
 * removing expired ones) and follows redirects by hand, so a test can stop at the provider's
 * answer to the game server and tamper with it or replay it.
 */
export class OAuthBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  /** One request; cookies sent and stored, redirects not followed. */
  async get(url: string): Promise<Response> {
    const target = new URL(url);
    const cookies = this.jar.get(target.host);
    const headers: Record<string, string> = {};
    if (cookies && cookies.size > 0) {
      headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    }
    const res = await fetch(target, { redirect: "manual", headers });
    this.store(target.host, res.headers.getSetCookie());
    return res;
  }

  /** A POST of JSON as a same-origin script sends it (cookies sent and stored). */
  async postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
    const target = new URL(url);
    const cookies = this.jar.get(target.host);
    const sent: Record<string, string> = {
      "content-type": "application/json",
      origin: target.origin,
      ...headers,
    };
    if (cookies && cookies.size > 0) {
      sent.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    }
    const res = await fetch(target, {
      method: "POST",
      redirect: "manual",
      headers: sent,
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    this.store(target.host, res.headers.getSetCookie());
    return res;
  }

  /**
   * Follows redirects from `url` until an answer that is not a redirect, or until the next
   * address matches `stopAt` (returned unfetched).
   */
  async follow(
    url: string,
    stopAt: (next: string) => boolean = () => false,
  ): Promise<{ url: string; res?: Response }> {
    let current = url;
    for (let hops = 0; hops < 20; hops++) {
      if (hops > 0 && stopAt(current)) return { url: current };
      const res = await this.get(current);
      const location = res.headers.get("location");
      if (res.status < 300 || res.status >= 400 || !location) return { url: current, res };
      await res.arrayBuffer();
      current = new URL(location, current).href;
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** A cookie this browser holds for a host ("127.0.0.1:1234"). */
  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name);
  }

  setCookie(host: string, name: string, value: string): void {
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    cookies.set(name, value);
    this.jar.set(host, cookies);
  }

  private store(host: string, setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair?.indexOf("=") ?? -1;
      if (!pair || eq === -1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [k, v] = a.split("=").map((s) => s.trim().toLowerCase());
        return (
          (k === "max-age" && Number(v) <= 0) ||
          (k === "expires" && Date.parse(v ?? "") < Date.now())
        );
      });
      if (expired) this.jar.get(host)?.delete(name);
      else this.setCookie(host, name, value);
    }
  }
}

/** What the completion page of the game server says (http/oauth-complete-page.ts). */
export interface CompletionResult {
  type: "oauth-success" | "oauth-error";
  data: string;
  next: string;
}

export async function completionOf(res: Response | undefined): Promise<CompletionResult> {
  if (!res) throw new Error("no answer");
  const html = await res.text();
  const match = /var r = (\{.*?\});\n/.exec(html);
  if (!match?.[1]) throw new Error(`not a completion page (${res.status}): ${html.slice(0, 200)}`);
  return JSON.parse(match[1]) as CompletionResult;
}
