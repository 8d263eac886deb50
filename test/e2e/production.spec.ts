/**
 * The two documented ways to run the site in production (README "Going live"), started by
 * run.ts from this run's build in a release folder that holds only the runtime packages
 * (support/production.ts), with NODE_ENV=production against the identity stack configured as
 * production is (the run's own pool, client and signing key; only the endpoints differ):
 *
 * - `node dist-server/serve.cjs`: the site and the API on one port;
 * - nginx with the generated configuration in front of `node dist-server/main.cjs`.
 */
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { expect, logIn, test } from './support/fixtures';
import { sundayFor, type SundayLane } from './support/slots';
import { readProductionEnv, type ProductionProcess } from './support/production';

const production = readProductionEnv();

/** A process's command line, working folder and environment, as the system sees them. */
function processInfo(pid: number) {
  const split = (file: string) =>
    readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0').filter(Boolean);
  const environ = Object.fromEntries(
    split('environ').map((entry) => [
      entry.slice(0, entry.indexOf('=')),
      entry.slice(entry.indexOf('=') + 1),
    ]),
  );
  return { cmdline: split('cmdline'), cwd: readlinkSync(`/proc/${pid}/cwd`), environ };
}

test('both services run the compiled bundle with plain node, in production mode, from a release without TypeScript tooling', () => {
  const { releaseDir } = production;
  for (const [service, file] of [
    [production.serve, 'serve.cjs'],
    [production.nginx.api, 'main.cjs'],
  ] as const) {
    const info = processInfo(service.pid);
    expect(info.cmdline, service.name).toEqual([process.execPath, `dist-server/${file}`]);
    expect(info.cwd).toBe(releaseDir);
    expect(info.environ.NODE_ENV).toBe('production');
    expect(info.environ.NODE_OPTIONS).toBeUndefined();
    expect(readFileSync(path.join(releaseDir, 'dist-server', file), 'utf8')).not.toMatch(
      /require\("(tsx|typescript|esbuild)[/"]/,
    );
  }
  // The release holds the runtime packages only: no loader could be found, let alone loaded.
  for (const tool of ['tsx', 'typescript', 'esbuild', '@swc/core'])
    expect(existsSync(path.join(releaseDir, 'node_modules', tool)), tool).toBe(false);
  expect(existsSync(path.join(releaseDir, 'node_modules', 'fastify'))).toBe(true);
});

const ways: [string, ProductionProcess, SundayLane][] = [
  ['node dist-server/serve.cjs', production.serve, 'production-one-process'],
  ['nginx in front of node dist-server/main.cjs', production.nginx, 'production-nginx'],
];

for (const [way, service, lane] of ways) {
  test.describe(way, () => {
    test.use({ baseURL: service.url });

    test('serves /, /dashboard and the API, and a browser signs in', async ({ page, stack }) => {
      const home = await page.goto('/');
      expect(home?.status()).toBe(200);
      expect(home?.headers()['content-security-policy']).toContain("default-src 'self'");
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      const health = await page.request.get('/api/health/ready');
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });

      // Signed out, /dashboard is the app's shell, which sends the visitor to sign in.
      const dashboard = await page.goto('/dashboard');
      expect(dashboard?.status()).toBe(200);
      await expect(page).toHaveURL(/\/auth$/);

      // Signing in: the identity stack's tokens are accepted by the production API, whose
      // answers (from its own, empty database) fill the dashboard.
      const apiAnswers: string[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin === service.url && url.pathname.startsWith('/api/'))
          apiAnswers.push(`${response.status()} ${url.pathname}`);
      });
      await logIn(page, stack.env.demo.email, stack.env.demo.password);
      await expect(page.getByLabel('Vehicles: 0')).toBeVisible();
      expect(apiAnswers).toContain('200 /api/vehicles/me');
      expect(apiAnswers.filter((answer) => !answer.startsWith('200 '))).toEqual([]);

      // A quote request through the site's API: the production service e-mails the owner
      // and the customer over SMTP.
      const { idToken } = await stack.signIn(stack.env.demo.email, stack.env.demo.password);
      const message = `Production check ${way}: the side gate is open`;
      const sent = await page.request.post('/api/bookings', {
        headers: { authorization: `Bearer ${idToken}` },
        data: {
          name: 'Jordan Miles',
          phone: '(919) 555-0199',
          email: stack.env.demo.email,
          vehicleType: 'SUV',
          selectedAddons: ['Pet Hair Removal'],
          date: await sundayFor((path) => page.request.get(`/api${path}`), lane, {
            vehicleType: 'SUV',
            addOns: ['Pet Hair Removal'],
            time: '10:00 AM',
          }),
          time: '10:00 AM',
          vehicle: '2020 Subaru Outback',
          message,
          totalPrice: 145,
        },
      });
      expect(sent.status()).toBe(201);
      await expect
        .poll(
          async () => {
            const mail = (await (await fetch(`${production.mailUrl}/api/email`)).json()) as {
              text: string;
            }[];
            return mail.filter((m) => m.text.includes(message)).length;
          },
          { message: 'the owner e-mail with the message', timeout: 20_000 },
        )
        .toBeGreaterThan(0);
    });
  });
}
