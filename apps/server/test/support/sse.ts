/** One Server-Sent Event as a test reads it. */
export interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
}

/** An open event stream: the events so far, and waiting for the next that matches. */
export class SseStream {
  readonly events: SseEvent[] = [];
  private waiters: Array<() => void> = [];

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {}

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
    const abort = new AbortController();
    const response = await fetch(url, { headers, signal: abort.signal });
    const stream = new SseStream(response, abort);
    if (response.ok && response.body) void stream.read(response.body);
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const e: Partial<SseEvent> & { lines: string[] } = { lines: [] };
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) e.event = line.slice(7);
            else if (line.startsWith("id: ")) e.id = line.slice(4);
            else if (line.startsWith("data: ")) e.lines.push(line.slice(6));
          }
          if (e.event) {
            this.events.push({ event: e.event, id: e.id, data: JSON.parse(e.lines.join("\n")) });
            for (const w of this.waiters.splice(0)) w();
          }
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // aborted
    }
  }

  /** The first event from `since` on that matches, waiting at most `timeoutMs`. */
  async next(
    match: (e: SseEvent) => boolean,
    { since = 0, timeoutMs = 5000 } = {},
  ): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(since).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.abort.abort();
  }
}
