/** A TCP port free on loopback now (the benchmarks' servers each take their own). */
export { freePort } from "../apps/server/test/support/free-port";
