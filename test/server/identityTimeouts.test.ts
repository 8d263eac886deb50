/**
 * The identity provider hanging costs a request at most its time limit, whether it never
 * answers or sends its headers and then never the body: the owner's authenticator check answers
 * 503 (the console's "try again"), never a 403 from an answer it did not get, and never waits.
 * A real HTTP server on local TCP.
 */
import http from 'node:http';
import type net from 'node:net';
import { openDatabase } from '../../server/platform/db';
import { HttpError } from '../../server/platform/errors';
import { identityAction } from '../../server/platform/identityProvider';
import {
  GET_USER_TIMEOUT_MS,
  ownerAuthenticatorCheck,
} from '../../server/owner/ownerAuthenticator';

jest.setTimeout(20_000);

let server: http.Server;
let endpoint: string;
/** What the server does: nothing at all, or its headers and never the body. */
let hang: 'silent' | 'headers';
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  server = http.createServer((_request, response) => {
    if (hang === 'headers') {
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      response.write('{"UserMFASettingList": [');
    }
  });
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const token = {
  sub: 'owner-sub',
  issuedAt: 0,
  tokenUse: 'access' as const,
  groups: ['owners'],
};

/** How long `work` took to settle, and how. */
async function timed(work: Promise<unknown>) {
  const startedAt = Date.now();
  const outcome = await work.then(
    () => 'answered',
    (error: unknown) => (error instanceof HttpError ? error.statusCode : String(error)),
  );
  return { outcome, ms: Date.now() - startedAt };
}

it.each(['silent', 'headers'] as const)(
  'a provider that hangs (%s) costs the authenticator check its limit and answers 503',
  async (how) => {
    hang = how;
    const { outcome, ms } = await timed(
      ownerAuthenticatorCheck(endpoint, openDatabase(':memory:'))(token, 'access-token'),
    );
    expect(outcome).toBe(503);
    expect(GET_USER_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
    expect(ms).toBeGreaterThanOrEqual(GET_USER_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(GET_USER_TIMEOUT_MS + 1500);
  },
);

it('a body that never ends is no answer: the call is refused as unreachable within its limit', async () => {
  hang = 'headers';
  const { outcome, ms } = await timed(identityAction(endpoint, 'GetUser', {}, 300));
  expect(outcome).toMatch(/could not be reached/);
  expect(ms).toBeLessThan(1500);
});
