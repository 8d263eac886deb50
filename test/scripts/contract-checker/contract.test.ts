/**
 * `npm run contract` against server/: every operation passes, and a deliberately broken
 * API in front of it fails exactly where it breaks the contract.
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { runContract } from '../../../scripts/contract-checker/contract';
import { formatReport, type OperationResult } from '../../../scripts/contract-checker/contractCore';
import { listOperations, loadOpenApi } from '../../../domain/contract/openapi';
import { repoRoot } from '../../../domain/paths';
import { seedDemoCustomer } from '../../../server/seed';
import {
  startApi,
  startIdentityProvider,
  WEBHOOK_KEY,
  type IdentityProvider,
  type TestApi,
} from '../../server/helpers';

let idp: IdentityProvider;
let api: TestApi;
let token: string;
let ownerToken: string;
const operationCount = listOperations(loadOpenApi()).length;

beforeAll(async () => {
  idp = await startIdentityProvider();
  api = await startApi(idp, {
    quoteRateLimit: { max: 100, windowMs: 60_000 },
    // Each of the file's runs changes and cancels a booking with the same token.
    bookingChangeRateLimit: { max: 100, windowMs: 60_000 },
  });
  const demo = { sub: 'contract-demo', email: 'contract-demo@example.com', name: 'Casey Check' };
  await seedDemoCustomer({ databasePath: api.databasePath, picturesDir: api.picturesDir }, demo);
  token = await idp.idToken(demo.sub, demo.email);
  ownerToken = await idp.ownerToken('contract-owner');
});

afterAll(async () => {
  await api.close();
  await idp.close();
});

const failures = (results: OperationResult[]) =>
  Object.fromEntries(
    results
      .filter((result) => result.status !== 'PASS')
      .map((result) => [
        result.operationId,
        result.checks
          .filter((check) => !check.ok)
          .map((check) => `${check.label}: ${check.reason ?? ''}`),
      ]),
  );

it('passes every operation with a token, an owner token and the webhook key, writes included', async () => {
  const results = await runContract({
    baseUrl: api.baseUrl,
    token,
    ownerToken,
    webhookKey: WEBHOOK_KEY,
  });
  expect(failures(results)).toEqual({});
  expect(results).toHaveLength(operationCount);
  expect(results.every((result) => result.status === 'PASS')).toBe(true);
  const labels = (id: string) =>
    results.find((r) => r.operationId === id)?.checks.map((c) => c.label) ?? [];
  expect(labels('getServicePicFile')).toContain('signed URL → 200 image');
  expect(labels('deleteVehicle')).toContain('delete → 204');
  expect(labels('receiveCalendlyWebhook')).toContain('signed invitee.created → 204');
  expect(labels('cancelSubscription')).toContain('cancel → 200, cancelled');
  expect(labels('uploadOwnerPicture')).toEqual(
    expect.arrayContaining(["a customer's token → 403", 'a PNG → 201']),
  );
  expect(labels('adjustOwnerPoints')).toContain('below zero → 409');
  expect(labels('getOwnerNumbers')).toContain('numbers → 200 counting this month');
});

it('checks only the refusals of the owner operations without an owner token', async () => {
  const results = await runContract({ baseUrl: api.baseUrl, token });
  expect(failures(results)).toEqual({});
  const numbers = results.find((result) => result.operationId === 'getOwnerNumbers');
  expect(numbers?.note).toBe('no --owner-token: only the refusals');
  expect(numbers?.checks.map((check) => check.label)).toContain("a customer's token → 403");
});

it('passes without a token, checking the declared 401s', async () => {
  const results = await runContract({ baseUrl: api.baseUrl });
  expect(failures(results)).toEqual({});
  const profile = results.find((result) => result.operationId === 'getMyProfile');
  expect(profile?.note).toBe('no --token: only the 401 answers');
  expect(profile?.checks.map((check) => check.label)).toContain('no token → 401');
});

/** An API in front of server/ that breaks three rules of the contract. */
async function brokenProxy(target: string): Promise<{ url: string; server: Server }> {
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => resolve(body));
    });
  const server = createServer((request, response) => {
    (async () => {
      const body = await read(request);
      const url = request.url ?? '/';
      if (url === '/calendly-bookings' && !request.headers.authorization) {
        response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
        return;
      }
      const headers: Record<string, string> = {};
      for (const name of [
        'authorization',
        'content-type',
        'calendly-webhook-signature',
        'idempotency-key',
      ]) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const upstream = await fetch(`${target}${url}`, {
        method: request.method,
        headers,
        body: body === '' ? undefined : body,
      });
      let text = Buffer.from(await upstream.arrayBuffer());
      let status = upstream.status;
      if (request.method === 'GET' && url === '/vehicles/me' && status === 200) {
        const list = JSON.parse(text.toString()) as { year: number }[];
        text = Buffer.from(JSON.stringify(list.map((v) => ({ ...v, year: String(v.year) }))));
      }
      if (request.method === 'POST' && url === '/subscriptions' && status === 201) status = 200;
      const out: Record<string, string> = {};
      for (const name of ['content-type', 'retry-after']) {
        const value = upstream.headers.get(name);
        if (value) out[name] = value;
      }
      response.writeHead(status, out).end(text);
    })().catch((error: unknown) => {
      // The API went away (the run timed out and afterAll closed it): answer, do not crash.
      if (!response.headersSent) response.writeHead(502);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

it('fails exactly the operations a broken API gets wrong, with the reason', async () => {
  const proxy = await brokenProxy(api.baseUrl);
  try {
    const results = await runContract({ baseUrl: proxy.url, token, webhookKey: WEBHOOK_KEY });
    const failed = failures(results);
    expect(Object.keys(failed).sort()).toEqual([
      'createSubscription',
      'listCalendlyBookings',
      'listMyVehicles',
    ]);
    expect(failed.listMyVehicles?.join('\n')).toContain(
      'body does not match the 200 schema: /0/year must be integer',
    );
    expect(failed.createSubscription?.join('\n')).toContain('expected 201, got 200');
    expect(failed.listCalendlyBookings).toEqual([
      expect.stringMatching(/^no token → 401: expected 401, got 200/),
    ]);

    const report = formatReport(results, 'heading');
    expect(report).toContain('FAIL  listMyVehicles');
    expect(report).toMatch(/\n\d+ operations: \d+ passed, 3 failed, 0 skipped$/);
  } finally {
    await new Promise((resolve) => proxy.server.close(resolve));
  }
});

function contractCli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(
    path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
    ['scripts/contract-checker/cli.ts', ...args],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

it('prints a per-operation report and exits 0 on success, 1 on failure, 2 on bad usage', async () => {
  const ok = await contractCli(['--base-url', api.baseUrl, '--token', token]);
  expect(ok.code).toBe(0);
  expect(ok.out).toContain('PASS  getMyProfile');
  expect(ok.out).toContain(
    `${operationCount} operations: ${operationCount} passed, 0 failed, 0 skipped`,
  );

  const proxy = await brokenProxy(api.baseUrl);
  try {
    const bad = await contractCli(['--base-url', proxy.url]);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('FAIL  listCalendlyBookings');
    expect(bad.out).toContain('✗ no token → 401: expected 401, got 200');
  } finally {
    await new Promise((resolve) => proxy.server.close(resolve));
  }

  const usage = await contractCli([]);
  expect(usage.code).toBe(2);
  expect(usage.err).toContain('--base-url must be an http(s) URL');
  // Three tsx processes: on a loaded machine this takes longer than the default 20 s.
}, 90_000);
