/**
 * The outbox under faults, against a real SMTP server (maildev): requests are answered while SMTP
 * is down and every message arrives, once, when it is back.
 */
import type { ChildProcess } from 'node:child_process';
import { mailFromEnv } from '../../server/platform/config';
import { caughtMail, startMaildev, type CaughtMail } from '../../scripts/local-stack/maildev';
import { freePorts } from '../../scripts/common/ports';
import {
  call,
  quoteRequest,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
} from './helpers';

jest.setTimeout(150_000);

let idp: IdentityProvider;
const children: ChildProcess[] = [];

beforeAll(async () => {
  idp = await startIdentityProvider();
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await idp.close();
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A header of a caught message (maildev keeps them with lower-case names). */
const header = (m: CaughtMail, name: string) => String(m.headers[name] ?? '');

/** How many messages carry each outbox id (all 1 when nothing was sent twice). */
const copies = (mail: CaughtMail[]) => {
  const counts = new Map<string, number>();
  for (const m of mail) {
    const id = header(m, 'x-outbox-id');
    expect(header(m, 'message-id')).toContain(id);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts.values()];
};

const OWNER = 'owner@triangleshine.test';

it('SMTP down: 20 quote requests answered 201; SMTP back: exactly 20 owner e-mails and 20 confirmations', async () => {
  const [smtp = 0, web = 0] = await freePorts(2);
  const mail = {
    ...mailFromEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp}`, OWNER_EMAIL: OWNER }),
    retryBaseMs: 200,
  };
  const api = await startApi(idp, { mail, quoteRateLimit: { max: 1000, windowMs: 60_000 } });
  try {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(api.baseUrl, 'POST', '/bookings', {
          body: quoteRequest({ email: `customer${i}@example.com`, name: `Customer ${i}` }),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the worker tries and fails
    const catcher = await startMaildev({ smtp, web });
    children.push(catcher);
    const webUrl = `http://127.0.0.1:${web}`;
    const caught = await waitFor(
      () => caughtMail(webUrl),
      (m) => m.length >= 40,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500)); // nothing more arrives
    const all = await caughtMail(webUrl);
    expect(all).toHaveLength(40);
    expect(caught.length).toBe(40);
    const toOwner = all.filter((m) => m.to[0]?.address === OWNER);
    expect(toOwner).toHaveLength(20);
    expect(
      all.filter((m) => /^customer\d+@example\.com$/.test(m.to[0]?.address ?? '')),
    ).toHaveLength(20);
    // maildev's JSON leaves Reply-To out; the message's source has it.
    const replyTo = await Promise.all(
      toOwner.map(async (m) => {
        const source = await (await fetch(`${webUrl}/api/email/${m.id}/source`)).text();
        return /^Reply-To: (.+)$/im.exec(source)?.[1]?.trim();
      }),
    );
    expect(new Set(replyTo).size).toBe(20);
    expect(replyTo.every((address) => /^customer\d+@example\.com$/.test(address ?? ''))).toBe(true);
    expect(copies(all)).toEqual(Array(40).fill(1));
    catcher.kill();
  } finally {
    await api.close();
  }
});
