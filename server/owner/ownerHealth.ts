/**
 * The owner console's Health page (GET /owner/health and its actions): the problems
 * `/health/ready` reports (../platform/readiness.ts), e-mails given up and waiting (../mail/outbox.ts), the last
 * backup (../platform/backup.ts), the suppression list (../mail/suppression.ts) and customers' browser errors
 * (../health/clientErrors.ts). A failed e-mail is a problem until the owner decides: "Send again"
 * (the operator's `outbox-resend --refused <id>`: the owner's decision also for a refused one),
 * "Allow again" (its address off the suppression list, and what was held back for it queued
 * again) or "Dismiss" with a reason (recorded with the owner account's id). A text given up as
 * refused, expired or uncertain has "Send again" as well (../mail/textOutbox.ts).
 */
import type { OwnerHealth } from '../../domain/contract/types';
import { folderBytes, lastBackup } from '../platform/backup';
import { CLIENT_ERROR_COUNT_DAYS, countClientErrors } from '../health/clientErrors';
import type { ReadinessProbes, ServerOptions } from '../platform/config';
import { statement, type Db } from '../platform/db';
import { conflict, notFound } from '../platform/errors';
import { dismissFailed, listMessages, resendFailed, type OutboxRow } from '../mail/outbox';
import { readinessProblems } from '../platform/readiness';
import { resendFailedText, textHealth } from '../mail/textOutbox';
import { allowAddress, listSuppressed } from '../mail/suppression';
import type { OperationHandlers } from '../platform/operationTypes';

/** The customer's address a message goes to; null for the owner's own e-mails. */
const customerAddress = (row: OutboxRow): string | null =>
  row.audience === 'owner'
    ? null
    : // Read loosely: a message this version could not read is listed all the same.
      ((JSON.parse(row.payload) as { booking?: { email?: string | null } }).booking?.email ?? null);

function failedMessages(db: Db): OwnerHealth['failedMessages'] {
  return listMessages(db, 'failed').map((row) => ({
    id: row.id,
    kind: row.kind,
    to: customerAddress(row),
    bookingId: row.booking_id,
    failure: row.failure ?? 'expired',
    reason: row.last_error ?? '',
    attempts: row.attempts,
    createdAt: row.created_at,
    failedAt: row.failed_at,
    dismissedAt: row.dismissed_at,
    dismissedBy: row.dismissed_by,
    dismissReason: row.dismiss_reason,
  }));
}

export async function ownerHealth(
  db: Db,
  options: Pick<ServerOptions, 'databasePath' | 'backupDir'>,
  probes: ReadinessProbes,
): Promise<OwnerHealth> {
  const waiting = statement(
    db,
    `SELECT COUNT(*) AS count, MIN(queued_at) AS oldestDueAt FROM outbox
      WHERE status IN ('pending', 'sending')`,
  ).get() as OwnerHealth['waiting'];
  const backup = options.backupDir ? lastBackup(options.backupDir) : undefined;
  const errors = countClientErrors(db, probes.now());
  const texts = textHealth(db, probes.now());
  return {
    problems: [...(await readinessProblems(db, options, probes)), ...texts.problems],
    failedMessages: failedMessages(db),
    waiting,
    lastBackup: backup ? { at: backup.at.toISOString(), bytes: folderBytes(backup.folder) } : null,
    suppressed: listSuppressed(db),
    clientErrors: { days: CLIENT_ERROR_COUNT_DAYS, ...errors },
    texts: texts.texts,
  };
}

export function createOwnerHealthHandlers(db: Db, options: ServerOptions, probes: ReadinessProbes) {
  const health = async () => ({ status: 200, body: await ownerHealth(db, options, probes) });
  return {
    getOwnerHealth: { run: health },
    resendOwnerMessage: {
      run: async (ctx) => {
        if (resendFailed(db, { id: String(ctx.params.id), refused: true }, probes.now()) === 0)
          throw conflict('This e-mail has not failed: it is sent or waiting');
        return health();
      },
    },
    resendOwnerText: {
      run: async (ctx) => {
        resendFailedText(db, String(ctx.params.id), probes.now());
        return health();
      },
    },
    dismissOwnerMessage: {
      run: async (ctx) => {
        dismissFailed(
          db,
          String(ctx.params.id),
          { by: ctx.owner ?? 'owner', reason: ctx.body.reason.trim() },
          probes.now(),
        );
        return health();
      },
    },
    allowOwnerAddress: {
      run: async (ctx) => {
        const email = ctx.body.email.trim().toLowerCase();
        if (!allowAddress(db, email))
          throw notFound(`${ctx.body.email} is not on the suppression list`);
        // What was held back for the address goes now (not what the owner dismissed).
        for (const row of listMessages(db, 'failed'))
          if (
            row.failure === 'suppressed' &&
            row.dismissed_at === null &&
            customerAddress(row)?.trim().toLowerCase() === email
          )
            resendFailed(db, { id: row.id }, probes.now());
        return health();
      },
    },
  } satisfies Partial<OperationHandlers>;
}
