/**
 * The outbox pauses cleanly when the server closes: the message being sent finishes (and is
 * recorded as sent), no further message is taken, and the rest wait in the outbox for the next
 * start.
 */
import { mailFromEnv } from '../../server/config';
import { openDatabase } from '../../server/db';
import {
  call,
  quoteRequest,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  until,
} from './helpers';
import { startSmtpRecorder, type SmtpRecorder } from './fixtures/smtpRecorder';

let idp: IdentityProvider;
let smtp: SmtpRecorder;

beforeAll(async () => {
  idp = await startIdentityProvider();
  smtp = await startSmtpRecorder();
});
afterAll(async () => {
  await smtp.close();
  await idp.close();
});

it('on close: the send in flight finishes and is recorded, no new message is taken', async () => {
  let release = () => undefined as void;
  smtp.onMessage((_message, accept) => (release = accept)); // hold the first message's answer
  const mail = { ...mailFromEnv({ SMTP_URL: smtp.url }), retryBaseMs: 50 };
  const api = await startApi(idp, { mail, quoteRateLimit: { max: 100, windowMs: 60_000 } });
  const { databasePath } = api;
  let closed = false;
  try {
    for (let i = 0; i < 2; i += 1) {
      const answer = await call(api.baseUrl, 'POST', '/bookings', {
        body: quoteRequest({ email: `stop${i}@example.com` }),
      });
      expect(answer.status).toBe(201);
    }
    await until(() => smtp.offered() === 1, 'the first message to be in flight');

    const closing = api.app.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The server waits for the send in flight.
    expect(closed).toBe(false);
    smtp.onMessage((_message, accept) => accept());
    release();
    await closing;
  } finally {
    if (!closed) await api.app.close();
  }
  // One message reached the SMTP server and was accepted; none was started after the close.
  expect(smtp.offered()).toBe(1);
  expect(smtp.accepted).toHaveLength(1);

  const db = openDatabase(databasePath);
  try {
    const rows = db
      .prepare('SELECT id, status, attempts, sent_at FROM outbox ORDER BY rowid')
      .all() as { id: string; status: string; attempts: number; sent_at: string | null }[];
    expect(rows).toHaveLength(4);
    const sent = rows.filter((row) => row.status === 'sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.sent_at).not.toBeNull();
    expect(smtp.accepted[0]!.outboxId).toBe(sent[0]!.id);
    // The others wait, untried, for the next start.
    expect(rows.filter((row) => row.status === 'pending' && row.attempts === 0)).toHaveLength(3);
  } finally {
    db.close();
  }
});
