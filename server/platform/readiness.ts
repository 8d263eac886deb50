/**
 * What keeps the service from being healthy, in words: `GET /health/ready` answers 503 with them
 * (./service.ts) and the owner's health page shows them (../owner/ownerHealth.ts). The limits are
 * READINESS_LIMITS, here and nowhere else (server/README.md, "Health").
 */
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { statement, type Db } from './db';
import { lastBackup } from './backup';
import type { ReadinessProbes } from './config';
import { OUTBOX_LATE_MINUTES } from './rules';

export const READINESS_LIMITS = {
  /**
   * A message still waiting this many minutes after it was queued (first due): the mail server
   * is down or refusing for now, or the worker is not sending (no SMTP_URL). Counted from the
   * queueing, never from the next try, which back-off keeps in the future for up to 72 hours.
   * Every failed message (refused, given up, held back) the owner has neither sent again nor
   * dismissed is a problem too, however old.
   */
  outboxLateMinutes: OUTBOX_LATE_MINUTES,
  /** The newest backup (or, with none yet, the start of the server) older than this. */
  backupMaxAgeHours: 26,
  /** The share of the database's disk in use above which it is nearly full. */
  diskFullFraction: 0.9,
} as const;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const defaultProbes = (): ReadinessProbes => ({
  now: () => new Date(),
  startedAt: new Date(),
  statfs: (dir) => statfs(dir),
});

export interface ReadinessPaths {
  databasePath: string;
  /** The backups' folder; without it (backups are not this process's job) no backup check. */
  backupDir?: string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The mail alarm that is open, if one is (server/mail/alarm.ts raises and clears it). */
export function openMailAlarm(db: Db): { raisedAt: string; reason: string } | undefined {
  const row = statement(
    db,
    'SELECT raised_at, reason FROM mail_alarms WHERE cleared_at IS NULL ORDER BY id DESC LIMIT 1',
  ).get() as { raised_at: string; reason: string } | undefined;
  return row && { raisedAt: row.raised_at, reason: row.reason };
}

/**
 * The outbox's problems: messages waiting too long since they were queued, failed messages
 * the owner has not acted on, and the mail alarm.
 */
function outboxProblems(db: Db, now: Date): string[] {
  const problems: string[] = [];
  const lateSince = new Date(now.getTime() - READINESS_LIMITS.outboxLateMinutes * MINUTE_MS);
  const late = statement(
    db,
    `SELECT COUNT(*) AS count, MIN(queued_at) AS oldest FROM outbox
      WHERE status IN ('pending', 'sending') AND queued_at <= ?`,
  ).get(lateSince.toISOString()) as { count: number; oldest: string | null };
  if (late.count > 0)
    problems.push(
      `The e-mail outbox is late: ${plural(late.count, 'message')} waiting over ${READINESS_LIMITS.outboxLateMinutes} minutes, the oldest since ${late.oldest}`,
    );
  const { failed } = statement(
    db,
    "SELECT COUNT(*) AS failed FROM outbox WHERE status = 'failed' AND dismissed_at IS NULL",
  ).get() as { failed: number };
  if (failed > 0)
    problems.push(
      `${plural(failed, 'e-mail')} not delivered: each waits for your decision on the Health page (Send again, Allow again or Dismiss)`,
    );
  const alarm = openMailAlarm(db);
  if (alarm) problems.push(`E-mail alarm since ${alarm.raisedAt}: ${alarm.reason}`);
  return problems;
}

function backupProblem(backupDir: string, probes: ReadinessProbes): string | undefined {
  const now = probes.now().getTime();
  const last = lastBackup(backupDir);
  const since = last?.at ?? probes.startedAt;
  const hours = Math.floor((now - since.getTime()) / HOUR_MS);
  if (now - since.getTime() <= READINESS_LIMITS.backupMaxAgeHours * HOUR_MS) return undefined;
  return last
    ? `The last backup is ${hours} hours old (taken ${last.at.toISOString()})`
    : `No backup yet, ${hours} hours after the start`;
}

async function diskProblem(databasePath: string, probes: ReadinessProbes) {
  const disk = await probes.statfs(path.dirname(path.resolve(databasePath)));
  const used = disk.blocks - disk.bfree;
  const share = used / (used + disk.bavail);
  if (!(share > READINESS_LIMITS.diskFullFraction)) return undefined;
  return `The disk holding the database is ${Math.round(share * 100)}% full`;
}

/** Every problem, in words; none when the service is healthy. */
export async function readinessProblems(
  db: Db,
  paths: ReadinessPaths,
  probes: ReadinessProbes,
): Promise<string[]> {
  const problems = outboxProblems(db, probes.now());
  if (paths.backupDir !== undefined) {
    const backup = backupProblem(paths.backupDir, probes);
    if (backup) problems.push(backup);
  }
  if (paths.databasePath !== ':memory:') {
    const disk = await diskProblem(paths.databasePath, probes);
    if (disk) problems.push(disk);
  }
  return problems;
}
