import { runLighthouse } from './lib/benchLighthouse';
import { startStaticServer } from './lib/staticServer';
import { headerConfigFromEnv, securityHeaders } from './lib/securityHeaders';
const server = await startStaticServer({ dist: process.cwd() + '/dist', port: 3473, host: '127.0.0.1', headers: securityHeaders(headerConfigFromEnv()) });
for (const p of (process.argv[2] ?? '/').split(',')) {
  const f = await runLighthouse(`http://127.0.0.1:3473${p}`, { port: 9333, reportFile: `/tmp/lh${p.replace(/\//g, '_')}.json` });
  console.log(p, JSON.stringify(f));
}
await server.close();
