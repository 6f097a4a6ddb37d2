import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';

/** Starts the portal: config, app, listen, graceful shutdown on SIGTERM/SIGINT. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, platform } = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 25 s, exiting');
      process.exit(1);
    }, 25_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Portal on http://localhost:${config.port} (database: ${platform.database.kind}${config.databaseUrl ? '' : ` at ${config.pgliteDir}`})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
