/**
 * Limits that hold behind proxies and for signed-in callers: the quote limit per
 * account and per address (IPv6 /64) through both local proxies with made-up forwarding
 * headers, the per-account caps, and the server's timeouts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { addressKey } from '../../server/platform/clientKey';
import { ORIGIN_SECRET_HEADER } from '../../server/platform/originSecret';
import { CAPS } from '../../server/customers/caps';
import { configFromEnv, SERVER_TIMEOUTS } from '../../server/platform/config';
import { apiProxy } from '../../scripts/local-stack/forwarding';
import { freePorts } from '../../scripts/common/ports';
import { startStaticServer } from '../../scripts/local-stack/staticServer';
import {
  call,
  quote,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  type TestApi,
} from './helpers';

type Json = Record<string, unknown>;

let idp: IdentityProvider;

beforeAll(async () => {
  idp = await startIdentityProvider();
});

afterAll(async () => {
  await idp.close();
});

/** Behind one proxy that replaces X-Forwarded-For, as a deployment with TRUST_PROXY=1. */
const ONE_PROXY = 1;

async function withApi(
  work: (api: TestApi) => Promise<void>,
  max = 3,
  trustProxy = ONE_PROXY,
): Promise<void> {
  const api = await startApi(idp, { quoteRateLimit: { max, windowMs: 60_000 }, trustProxy });
  try {
    await work(api);
  } finally {
    await api.close();
  }
}

/** The webpack dev server's /api proxy, as configured (http-proxy-middleware). */
async function devProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const middleware = createProxyMiddleware(apiProxy(target));
  const server = http.createServer(
    (req, res) => void middleware(req as never, res as never, () => res.writeHead(404).end()),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function staticProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'limits-dist-'));
  writeFileSync(path.join(dist, 'app.html'), '<!doctype html>');
  const [port] = (await freePorts(1)) as [number];
  const server = await startStaticServer({ dist, port, apiTarget: target, headers: {} });
  return {
    url: `${server.url.replace(/\/$/, '')}/api`,
    close: async () => {
      await server.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

describe.each([
  ['the dev server', devProxy],
  ['the static server', staticProxy],
])('quotes through %s', (_name, startProxy) => {
  it('cannot reset the allowance with made-up forwarding headers', async () => {
    await withApi(async (api) => {
      const proxy = await startProxy(api.baseUrl);
      try {
        const statuses: number[] = [];
        for (let index = 0; index < 5; index += 1) {
          const spoof = `203.0.113.${index + 1}`;
          const answer = await call(proxy.url, 'POST', '/bookings', {
            body: quote(),
            headers: {
              'x-forwarded-for': spoof,
              forwarded: `for=${spoof}`,
              'x-real-ip': spoof,
            },
          });
          statuses.push(answer.status);
        }
        expect(statuses).toEqual([201, 201, 201, 429, 429]);
      } finally {
        await proxy.close();
      }
    });
  });
});

describe('quote limit', () => {
  it('does not let a direct client pick its own address when TRUST_PROXY is not set', async () => {
    const { trustProxy } = configFromEnv({
      COGNITO_ISSUER: idp.issuer,
      COGNITO_CLIENT_ID: idp.clientId,
    }).options;
    expect(trustProxy).toBe(0);
    await withApi(
      async (api) => {
        const statuses: number[] = [];
        for (let index = 0; index < 5; index += 1) {
          const spoof = `198.51.100.${index + 1}`;
          const answer = await call(api.baseUrl, 'POST', '/bookings', {
            body: quote(),
            headers: { 'x-forwarded-for': spoof, forwarded: `for=${spoof}`, 'x-real-ip': spoof },
          });
          statuses.push(answer.status);
        }
        expect(statuses).toEqual([201, 201, 201, 429, 429]);
      },
      3,
      trustProxy,
    );
  });

  it('limits a customer with a token per account, whatever address they use', async () => {
    await withApi(async (api) => {
      const token = await idp.idToken('busy-user', 'busy@example.com');
      const statuses: number[] = [];
      for (let index = 0; index < 4; index += 1) {
        const answer = await call(api.baseUrl, 'POST', '/bookings', {
          token,
          body: quote(),
          headers: { 'x-forwarded-for': `198.51.100.${index + 1}` },
        });
        statuses.push(answer.status);
        if (answer.status === 429) {
          expect((answer.body as Json).message).toMatch(/^Too many quote requests; try again in /);
        }
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      // Another account, and a visitor from the same address, keep their own allowance.
      const other = await idp.idToken('calm-user', 'calm@example.com');
      expect(
        (await call(api.baseUrl, 'POST', '/bookings', { token: other, body: quote() })).status,
      ).toBe(201);
      expect(
        (
          await call(api.baseUrl, 'POST', '/bookings', {
            body: quote(),
            headers: { 'x-forwarded-for': '198.51.100.4' },
          })
        ).status,
      ).toBe(201);
    });
  });

  it('keys IPv6 visitors by their /64', async () => {
    await withApi(async (api) => {
      const from = (address: string) =>
        call(api.baseUrl, 'POST', '/bookings', {
          body: quote(),
          headers: { 'x-forwarded-for': address },
        });
      const statuses = [];
      for (const address of [
        '2001:db8:1:2::1',
        '2001:db8:1:2:a:b:c:d',
        '2001:db8:1:2:ffff:ffff:ffff:ffff',
        '2001:db8:1:2::99',
        '2001:db8:1:3::1',
      ])
        statuses.push((await from(address)).status);
      expect(statuses).toEqual([201, 201, 201, 429, 201]);
    });
  });

  it('derives keys from addresses as documented', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('ip6:2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2::7')).toBe('ip6:2001:db8:1:2::/64');
    expect(addressKey('::ffff:192.0.2.9')).toBe('ip:192.0.2.9');
    expect(addressKey('192.0.2.9')).toBe('ip:192.0.2.9');
  });
});

describe('per-account caps', () => {
  it(`keeps at most ${CAPS.vehicles} vehicles, answering 409 with a message`, async () => {
    await withApi(async (api) => {
      const token = await idp.idToken('fleet-user', 'fleet@example.com');
      const add = () =>
        call(api.baseUrl, 'POST', '/vehicles/me', {
          token,
          body: { make: 'Kia', model: 'Rio', year: 2020 },
        });
      for (let index = 0; index < CAPS.vehicles; index += 1) expect((await add()).status).toBe(201);
      const refused = await add();
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        error: 'Conflict',
        message: `You can keep at most ${CAPS.vehicles} vehicles; delete one to add another`,
      });
      const list = await call(api.baseUrl, 'GET', '/vehicles/me', { token });
      expect(list.body as Json[]).toHaveLength(CAPS.vehicles);
    });
  });

  it(`keeps at most ${CAPS.activeSubscriptions} active plans`, async () => {
    await withApi(async (api) => {
      const token = await idp.idToken('plan-user', 'plan@example.com');
      const start = () =>
        call(api.baseUrl, 'POST', '/subscriptions', { token, body: { plan: 'weekly' } });
      for (let index = 0; index < CAPS.activeSubscriptions; index += 1)
        expect((await start()).status).toBe(201);
      const refused = await start();
      expect(refused.status).toBe(409);
      expect((refused.body as Json).message).toBe(
        `You can have at most ${CAPS.activeSubscriptions} active plans; cancel one to start another`,
      );
      const list = await call(api.baseUrl, 'GET', '/subscriptions', { token });
      expect(list.body as Json[]).toHaveLength(CAPS.activeSubscriptions);
    });
  });

  it(`keeps at most ${CAPS.openBookings} open bookings per account`, async () => {
    await withApi(async (api) => {
      const token = await idp.idToken('booker', 'booker@example.com');
      const book = () => call(api.baseUrl, 'POST', '/bookings', { token, body: quote() });
      for (let index = 0; index < CAPS.openBookings; index += 1)
        expect((await book()).status).toBe(201);
      const refused = await book();
      expect(refused.status).toBe(409);
      expect((refused.body as Json).message).toBe(
        `You can have at most ${CAPS.openBookings} open bookings; please call us to book more`,
      );
    }, 1000);
  });
});

it('closes requests that are too slow', async () => {
  await withApi(async (api) => {
    const server = api.app.server;
    expect(server.requestTimeout).toBe(SERVER_TIMEOUTS.requestMs);
    expect(server.headersTimeout).toBe(SERVER_TIMEOUTS.headersMs);
    expect(SERVER_TIMEOUTS.requestMs).toBeGreaterThan(0);
  });
});

describe('behind CloudFront', () => {
  const CURRENT = 'current-origin-secret-4f0c9a7d2b18e6c35a9f';
  const PREVIOUS = 'previous-origin-secret-8e21b7c04d9a3f6e1b57';

  it("answers 403 to a request without our distribution's secret header, and never trusts its forwarded address", async () => {
    const { originSecrets } = configFromEnv({
      COGNITO_ISSUER: idp.issuer,
      COGNITO_CLIENT_ID: idp.clientId,
      ORIGIN_SECRETS: ` ${CURRENT}, ${PREVIOUS} `,
    }).options;
    expect(originSecrets).toEqual([CURRENT, PREVIOUS]);
    const api = await startApi(idp, {
      quoteRateLimit: { max: 3, windowMs: 60_000 },
      trustProxy: ONE_PROXY,
      originSecrets,
    });
    try {
      const spoof = '198.51.100.7';
      // Another CloudFront distribution (or anyone who reaches the port): no header, a wrong
      // one, a near miss, or ours in the wrong case of a longer value.
      for (const header of [undefined, '', 'guess', CURRENT.slice(0, -1), `${CURRENT}x`]) {
        const answer = await call(api.baseUrl, 'POST', '/bookings', {
          body: quote(),
          headers: {
            'x-forwarded-for': spoof,
            ...(header === undefined ? {} : { [ORIGIN_SECRET_HEADER]: header }),
          },
        });
        expect({ header, status: answer.status, body: answer.body }).toEqual({
          header,
          status: 403,
          body: { error: 'Forbidden', message: 'This server answers only through the site' },
        });
      }
      expect((await call(api.baseUrl, 'GET', '/health')).status).toBe(403);
      // Through our distribution (the current secret, or the previous one while a rotation
      // reaches every edge), the forwarded address counts, and the refused requests did not
      // count against it.
      const statuses: number[] = [];
      for (const secret of [CURRENT, PREVIOUS, CURRENT, CURRENT]) {
        const answer = await call(api.baseUrl, 'POST', '/bookings', {
          body: quote(),
          headers: { 'x-forwarded-for': spoof, [ORIGIN_SECRET_HEADER]: secret },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      const other = await call(api.baseUrl, 'POST', '/bookings', {
        body: quote(),
        headers: { 'x-forwarded-for': '198.51.100.8', [ORIGIN_SECRET_HEADER]: CURRENT },
      });
      expect(other.status).toBe(201);
    } finally {
      await api.close();
    }
  });

  it('refuses an origin secret too short to keep a guesser out', () => {
    expect(() =>
      configFromEnv({
        COGNITO_ISSUER: idp.issuer,
        COGNITO_CLIENT_ID: idp.clientId,
        ORIGIN_SECRETS: `${CURRENT},short`,
      }),
    ).toThrow('ORIGIN_SECRETS must be one or more values of at least 32 characters');
  });
});
