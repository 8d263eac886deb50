/**
 * The e-mails give the published offer's contact details (the owner changes them without a
 * developer), unless the deployment fixes them (BUSINESS_PHONE, BUSINESS_EMAIL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_OFFER } from '../../domain/offer';
import { mailFromEnv } from '../../server/platform/config';
import { openDatabase, type Db } from '../../server/platform/db';
import { enqueueQuote } from '../../server/mail/outbox';
import { startMailWorker } from '../../server/mail/worker';
import { publishDraft, replaceDraft } from '../../server/offer/offer';
import { createBooking } from '../../server/bookings/bookings';
import { callBackRequest } from './helpers';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'offer-mail-'));
  db = openDatabase(path.join(dir, 'app.db'));
  const offer = structuredClone(DEFAULT_OFFER);
  offer.contact = { phone: '(984) 555-0177', email: 'hello@shine.test' };
  replaceDraft(db, offer, 'owner-sub');
  publishDraft(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function sentTexts(env: Record<string, string>): Promise<string[]> {
  // Priced by the published offer (its prices are the seeded ones).
  const booking = createBooking(db, callBackRequest(), null);
  enqueueQuote(db, booking, false, new Date());
  const sent: string[] = [];
  const worker = startMailWorker(db, mailFromEnv({ OWNER_EMAIL: 'owner@shine.test', ...env }), {
    pollMs: 60_000,
    log: () => undefined,
    transport: {
      sendMail: async (mail: { text: string }) => {
        sent.push(mail.text);
        return {};
      },
      close: () => undefined,
    } as never,
  });
  await worker.runOnce();
  await worker.stop();
  return sent;
}

it('gives the published offer’s phone in the customer’s confirmation', async () => {
  const texts = await sentTexts({});
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.some((text) => text.includes('(984) 555-0177'))).toBe(true);
  expect(texts.some((text) => text.includes(DEFAULT_OFFER.contact.phone))).toBe(false);
});

it('gives the phone the deployment fixed, when it fixed one', async () => {
  const texts = await sentTexts({ BUSINESS_PHONE: '(919) 555-0100' });
  expect(texts.some((text) => text.includes('(919) 555-0100'))).toBe(true);
  expect(texts.some((text) => text.includes('(984) 555-0177'))).toBe(false);
});
