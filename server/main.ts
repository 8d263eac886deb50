/**
 * Starts the reference API from environment variables (server/README.md) and prints
 * `API listening on http://HOST:PORT` when ready. The configuration is checked first
 * (./platform/productionConfig.ts); SIGINT/SIGTERM stop it gracefully (./platform/service.ts).
 */
import { buildServer } from './app';
import { configFromEnv } from './platform/config';
import { checkedConfig, runService } from './platform/service';

async function main(): Promise<void> {
  const config = await checkedConfig(process.env, configFromEnv);
  const app = await buildServer(config.options);
  runService(app, config, process.env);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`API listening on http://${config.host}:${port}`);
}

main().catch((error: unknown) => {
  console.error('API failed to start:', error);
  process.exit(1);
});
