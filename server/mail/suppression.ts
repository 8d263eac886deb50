/**
 * The suppression list: addresses the mail worker does not e-mail, because SES reported a
 * permanent bounce (the address does not exist) or a complaint (the person marked a message as
 * spam) through `POST /ses-events` (./sesEvents.ts). Too many of either and SES pauses the
 * sender, which also stops the sign-in codes. The owner sees the list on the health page and
 * can allow an address again (../owner/ownerHealth.ts). Addresses are kept lower-case.
 */
import { inWriteTransaction, statement, type Db } from '../platform/db';

export type SuppressionReason = 'bounce' | 'complaint';

export interface SuppressedAddress {
  email: string;
  reason: SuppressionReason;
  /** SES's words: the bounce's sub-type (`General`, `NoEmail`, …) or the complaint's type. */
  detail: string;
  suppressedAt: string;
}

interface Row {
  email_lower: string;
  reason: SuppressionReason;
  detail: string;
  suppressed_at: string;
}

const toAddress = (row: Row): SuppressedAddress => ({
  email: row.email_lower,
  reason: row.reason,
  detail: row.detail,
  suppressedAt: row.suppressed_at,
});

const key = (email: string) => email.trim().toLowerCase();

/** Puts addresses on the list (an address already there keeps its first reason). */
export function suppressAddresses(
  db: Db,
  emails: readonly string[],
  reason: SuppressionReason,
  detail: string,
  now: Date = new Date(),
): number {
  return inWriteTransaction(db, () =>
    emails.reduce(
      (count, email) =>
        count +
        statement(
          db,
          `INSERT INTO suppressed_addresses (email_lower, reason, detail, suppressed_at)
           VALUES (?, ?, ?, ?) ON CONFLICT (email_lower) DO NOTHING`,
        ).run(key(email), reason, detail, now.toISOString()).changes,
      0,
    ),
  );
}

/** The owner's "Allow again": false when the address was not on the list. */
export function allowAddress(db: Db, email: string): boolean {
  return (
    inWriteTransaction(db, () =>
      statement(db, 'DELETE FROM suppressed_addresses WHERE email_lower = ?').run(key(email)),
    ).changes === 1
  );
}

/** The list, newest first. */
export function listSuppressed(db: Db): SuppressedAddress[] {
  return (
    statement(
      db,
      'SELECT * FROM suppressed_addresses ORDER BY suppressed_at DESC, email_lower',
    ).all() as Row[]
  ).map(toAddress);
}

/**
 * The mail worker's check before it sends: why `address` must not be e-mailed (the reason
 * stored as the message's failure), or undefined when it may.
 */
export function suppressionOf(db: Db, address: string): string | undefined {
  const row = statement(db, 'SELECT * FROM suppressed_addresses WHERE email_lower = ?').get(
    key(address),
  ) as Row | undefined;
  if (!row) return undefined;
  const what = row.reason === 'bounce' ? 'bounced for good' : 'complained (marked as spam)';
  return `suppressed: the address ${what}${row.detail ? ` (${row.detail})` : ''} on ${row.suppressed_at}; allow it again on the health page`;
}
