/**
 * Starts the reference API from environment variables (server/README.md) and prints
 * `API listening on http://HOST:PORT` when ready. SIGINT/SIGTERM close it cleanly.
 */
import { buildServer } from './app';
import { configFromEnv } from './config';

async function main(): Promise<void> {
  let config;
  try {
    config = configFromEnv();
  } catch (error) {
    console.error(`API configuration error: ${(error as Error).message}`);
    process.exit(1);
  }
  const app = await buildServer(config.options);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`API listening on http://${config.host}:${port}`);

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(`API failed to stop after ${signal}:`, error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('API failed to start:', error);
  process.exit(1);
});
