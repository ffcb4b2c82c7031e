import type { Redis } from "ioredis";

/** How long the other processes' counts may take before the local cap alone decides. */
const ASK_TIMEOUT_MS = 500;

/**
 * Open sockets per client address across the processes of a world (REDIS_URL): each process
 * writes its own count for an address into a Redis hash (field: its process id), and the cap
 * adds the counts of the processes alive now (a dead process's field is ignored, then
 * expires). When Redis does not answer in time, the local count alone decides.
 */
export class SharedAddressCounts {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly selfId: () => number,
    private readonly liveOthers: () => readonly number[],
  ) {}

  private key(ip: string): string {
    return `${this.prefix}:sockets:${ip}`;
  }

  /** Sockets the other live processes hold for `ip` (0 when Redis does not answer in time). */
  async others(ip: string): Promise<number> {
    const ids = this.liveOthers();
    if (ids.length === 0) return 0;
    const ask = this.redis
      .hmget(this.key(ip), ...ids.map(String))
      .then((values) => values.reduce((n, v) => n + (Number(v) || 0), 0));
    const late = new Promise<number>((resolve) =>
      setTimeout(() => resolve(0), ASK_TIMEOUT_MS).unref(),
    );
    return Promise.race([ask.catch(() => 0), late]);
  }

  /** This process now holds `count` sockets of `ip`. */
  publish(ip: string, count: number): void {
    const key = this.key(ip);
    const batch = this.redis.multi();
    if (count > 0) batch.hset(key, String(this.selfId()), count);
    else batch.hdel(key, String(this.selfId()));
    batch.expire(key, 86_400);
    batch.exec().catch(() => {});
  }
}
