import { ConfigError, loadConfig } from "./config";
import { createServer } from "./server";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const server = await createServer(config, {
    // It stops at once, writing nothing more; its process manager starts a fresh one.
    onFenced: () => process.exit(1),
  });
  await server.start();
  server.app.log.info(`Manaspire is running at ${server.url}`);

  let signalled = false;
  const shutdown = (signal: string) => {
    if (signalled) return;
    signalled = true;
    server.app.log.info({ signal }, "shutting down: flushing players");
    server.stop().then(
      () => process.exit(0),
      (err) => {
        console.error("shutdown failed", err);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
