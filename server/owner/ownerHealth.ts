/**
 * The owner console's Health page (GET /owner/health and its two actions): the problems
 * `/health/ready` reports (../platform/readiness.ts), e-mails given up and waiting (../mail/outbox.ts), the last
 * backup (../platform/backup.ts), the suppression list (../mail/suppression.ts) and customers' browser errors
 * (../health/clientErrors.ts). "Send again" follows the operator's `outbox-resend` rule (resendFailed).
 */
import type { OwnerHealth } from '../../domain/contract/types';
import { folderBytes, lastBackup } from '../platform/backup';
import { CLIENT_ERROR_COUNT_DAYS, countClientErrors } from '../health/clientErrors';
import type { ReadinessProbes, ServerOptions } from '../platform/config';
import { statement, type Db } from '../platform/db';
import { conflict, HttpError, notFound } from '../platform/errors';
import { listMessages, resendFailed } from '../mail/outbox';
import { readinessProblems } from '../platform/readiness';
import { allowAddress, listSuppressed } from '../mail/suppression';
import type { OperationHandlers } from '../platform/operationTypes';

function failedMessages(db: Db): OwnerHealth['failedMessages'] {
  return listMessages(db, 'failed').map((row) => ({
    id: row.id,
    kind: row.kind,
    to:
      row.audience === 'owner'
        ? null
        : // Read loosely: a message this version could not read is listed all the same.
          ((JSON.parse(row.payload) as { booking?: { email?: string | null } }).booking?.email ??
          null),
    bookingId: row.booking_id,
    failure: row.failure ?? 'expired',
    reason: row.last_error ?? '',
    attempts: row.attempts,
    createdAt: row.created_at,
    failedAt: row.failed_at,
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
  return {
    problems: await readinessProblems(db, options, probes),
    failedMessages: failedMessages(db),
    waiting,
    lastBackup: backup ? { at: backup.at.toISOString(), bytes: folderBytes(backup.folder) } : null,
    suppressed: listSuppressed(db),
    clientErrors: {
      days: CLIENT_ERROR_COUNT_DAYS,
      total: errors.reduce((sum, { count }) => sum + count, 0),
      messages: errors,
    },
  };
}

export function createOwnerHealthHandlers(db: Db, options: ServerOptions, probes: ReadinessProbes) {
  const health = async () => ({ status: 200, body: await ownerHealth(db, options, probes) });
  return {
    getOwnerHealth: { run: health },
    resendOwnerMessage: {
      run: async (ctx) => {
        const id = String(ctx.params.id);
        let queued: number;
        try {
          queued = resendFailed(db, { id }, probes.now());
        } catch (error) {
          // The operator's words name a command-line option; the owner's say what happened.
          if (error instanceof HttpError && error.statusCode === 409) {
            const { last_error: reason } = statement(
              db,
              'SELECT last_error FROM outbox WHERE id = ?',
            ).get(id) as { last_error: string | null };
            throw conflict(
              `The mail server refused this e-mail for good (${reason ?? 'no reason given'}); it would be refused again`,
            );
          }
          throw error;
        }
        if (queued === 0) throw conflict('This e-mail has not failed: it is sent or waiting');
        return health();
      },
    },
    allowOwnerAddress: {
      run: async (ctx) => {
        if (!allowAddress(db, ctx.body.email))
          throw notFound(`${ctx.body.email} is not on the suppression list`);
        return health();
      },
    },
  } satisfies Partial<OperationHandlers>;
}
