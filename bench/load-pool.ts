/**
 * The client processes of one `npm run load` step (bench/load-client.ts), driven over IPC:
 * each opens at most SOCKETS_PER_CLIENT sockets, and their figures are added up here.
 */
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import type { ClientFigures, RecoveryFigures } from "./load-client";

const sum = <T>(all: T[], of: (f: T) => number) => all.reduce((s, f) => s + of(f), 0);
const sorted = <T>(all: T[], of: (f: T) => number[]) => all.flatMap(of).sort((a, b) => a - b);

/** Sockets one client process opens at most (below the usual 20,000 open files limit). */
export const SOCKETS_PER_CLIENT = 8000;
const CLIENT = path.resolve(import.meta.dirname, "load-client.ts");

/** The client processes of one step (bench/load-client.ts), driven over IPC. */
export class ClientPool {
  private readonly children: ChildProcess[];

  constructor(sockets: number) {
    const count = Math.max(1, Math.ceil(sockets / SOCKETS_PER_CLIENT));
    this.children = Array.from({ length: count }, () =>
      fork(CLIENT, [], {
        execArgv: ["--import", "tsx"],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      }),
    );
  }

  private ask<T>(child: ChildProcess, msg: object): Promise<T> {
    return new Promise((resolve, reject) => {
      child.once("message", (answer) => resolve(answer as T));
      child.once("exit", () => reject(new Error("load client exited")));
      child.send(msg);
    });
  }

  /** Game sockets: the tokens split over the processes. */
  async openGame(urls: string[], tokens: string[]): Promise<void> {
    const k = this.children.length;
    await Promise.all(
      this.children.map((c, i) =>
        this.ask(c, { open: { urls, tokens: tokens.filter((_, j) => j % k === i) } }),
      ),
    );
  }

  /** n sockets to the bare server. */
  async openBare(url: string, n: number): Promise<void> {
    const k = this.children.length;
    await Promise.all(
      this.children.map((c, i) =>
        this.ask(c, { open: { urls: [url], tokens: [], bare: Math.floor((n + k - 1 - i) / k) } }),
      ),
    );
  }

  start(): void {
    for (const c of this.children) c.send({ start: true });
  }

  async stop(): Promise<ClientFigures> {
    const all = await Promise.all(
      this.children.map((c) => this.ask<ClientFigures>(c, { stop: true })),
    );
    return {
      held: sum(all, (f) => f.held),
      delays: sorted(all, (f) => f.delays),
      byUrl: all.reduce<Record<string, number[]>>((acc, f) => {
        for (const [url, list] of Object.entries(f.byUrl))
          acc[url] = [...(acc[url] ?? []), ...list];
        return acc;
      }, {}),
      bytes: sum(all, (f) => f.bytes),
      frames: sum(all, (f) => f.frames),
      closes: all.reduce<Record<string, number>>((acc, f) => {
        for (const [code, n] of Object.entries(f.closes)) acc[code] = (acc[code] ?? 0) + n;
        return acc;
      }, {}),
      firstResults: sorted(all, (f) => f.firstResults),
    };
  }

  /** The process at `dead` was killed (at `killedAt`): its clients move to `urls`. */
  failover(dead: string, urls: string[], killedAt: number): void {
    for (const c of this.children) c.send({ failover: { dead, urls, killedAt } });
  }

  async recovered(): Promise<RecoveryFigures> {
    const all = await Promise.all(
      this.children.map((c) => this.ask<RecoveryFigures>(c, { recovered: true })),
    );
    return {
      moved: sum(all, (f) => f.moved),
      back: sorted(all, (f) => f.back),
      signedIn: sorted(all, (f) => f.signedIn),
      refused: sum(all, (f) => f.refused),
      reconnects: sum(all, (f) => f.reconnects),
      stayed: sorted(all, (f) => f.stayed),
    };
  }

  close(): void {
    for (const c of this.children) c.kill("SIGKILL");
  }
}
