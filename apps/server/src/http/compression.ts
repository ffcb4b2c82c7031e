import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * Brotli or gzip for every text response of 1 KiB or more that is not compressed already
 * (API answers, metrics). The web client's files come precompressed (static-web.ts), so this
 * only handles what the server writes on the fly, at a cheap Brotli quality.
 */
export async function compressResponses(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ["br", "gzip"],
    threshold: 1024,
  });
}
