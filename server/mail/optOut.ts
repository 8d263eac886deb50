/**
 * One-click opt-out of a kind of e-mail (RFC 8058), without signing in. Reminders and status
 * e-mails carry `List-Unsubscribe` with a link signed for their address and kind
 * (`signature` = hex HMAC-SHA256 of `email-opt-out:{kind}:{address}` with the server's secret,
 * as picture links are signed: ../platform/signing.ts); `POST /email-opt-outs` with a valid link stores
 * the opt-out, and the outbox writes no e-mail of that kind to that address again
 * (./outbox.ts). An account with that address has the choice turned off in its profile too,
 * and turning it back on there clears the opt-out (../customers/customers.ts).
 */
import type { EmailPreferences } from '../../domain/contract/types';
import { escapeHtml } from '../../domain/html';
import { inWriteTransaction, statement, type Db } from '../platform/db';
import { forbidden } from '../platform/errors';
import { hmacHex, signatureMatches } from '../platform/signing';

/** The kinds of e-mail an address can turn off: the profile's e-mail choices. */
export type OptOutKind = keyof EmailPreferences;

const COLUMN: Record<OptOutKind, string> = {
  reminders: 'email_reminders',
  statusUpdates: 'email_status_updates',
};

/** The one-click unsubscribe's address (openapi.yaml `optOutOfEmail`). */
export const OPT_OUT_PATH = '/email-opt-outs';

const signed = (kind: OptOutKind, emailLower: string) => `email-opt-out:${kind}:${emailLower}`;

/** The link an e-mail of this kind to this address carries (List-Unsubscribe). */
export function optOutUrl(
  apiBaseUrl: string,
  secret: string,
  address: string,
  kind: OptOutKind,
): string {
  const email = address.trim().toLowerCase();
  const query = new URLSearchParams({
    email,
    kind,
    signature: hmacHex(secret, signed(kind, email)),
  });
  return `${apiBaseUrl.replace(/\/+$/, '')}${OPT_OUT_PATH}?${query.toString()}`;
}

/** Throws 403 unless the link was signed by this server for this address and kind. */
export function verifyOptOut(secret: string, email: string, kind: OptOutKind, signature: string) {
  if (!signatureMatches(secret, signed(kind, email.trim().toLowerCase()), signature))
    throw forbidden('The link is not valid');
}

/** Whether the address turned this kind of e-mail off with a link. */
export const optedOut = (db: Db, emailLower: string, kind: OptOutKind): boolean =>
  statement(db, 'SELECT 1 FROM email_opt_outs WHERE email_lower = ? AND kind = ?').get(
    emailLower,
    kind,
  ) !== undefined;

/** Stores the opt-out (again is fine) and turns the choice off for an account with the address. */
export function recordOptOut(db: Db, email: string, kind: OptOutKind, now: Date = new Date()) {
  const emailLower = email.trim().toLowerCase();
  inWriteTransaction(db, () => {
    db.prepare(
      'INSERT OR IGNORE INTO email_opt_outs (email_lower, kind, created_at) VALUES (?, ?, ?)',
    ).run(emailLower, kind, now.toISOString());
    db.prepare(`UPDATE customers SET ${COLUMN[kind]} = 0 WHERE email_lower = ?`).run(emailLower);
  });
}

/** The account turned these kinds back on: the address's opt-outs of them go. */
export function clearOptOuts(db: Db, emailLower: string, kinds: OptOutKind[]): void {
  for (const kind of kinds)
    db.prepare('DELETE FROM email_opt_outs WHERE email_lower = ? AND kind = ?').run(
      emailLower,
      kind,
    );
}

const KIND_WORDS: Record<OptOutKind, string> = {
  reminders: 'appointment reminders',
  statusUpdates: 'booking status e-mails',
};

/** The link's small page (GET: a button that posts to the same address; POST: done). */
export function optOutPage(businessName: string, email: string, kind: OptOutKind, done: boolean) {
  const what = `${KIND_WORDS[kind]} to ${email}`;
  const body = done
    ? `<h1>Unsubscribed</h1><p>${escapeHtml(businessName)} sends no more ${escapeHtml(what)}.</p>`
    : `<h1>Unsubscribe?</h1><p>Stop ${escapeHtml(businessName)}'s ${escapeHtml(what)}.</p>` +
      '<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">' +
      '<button type="submit">Unsubscribe</button></form>';
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unsubscribe</title></head><body>${body}</body></html>\n`;
}

/**
 * The page's Content-Security-Policy: the API's own (server/platform/securityHeaders.ts) forbids forms;
 * this one lets the page's button post to the same address, and nothing else.
 */
export const OPT_OUT_PAGE_POLICY =
  "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
