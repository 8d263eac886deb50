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

export const READINESS_LIMITS = {
  /**
   * A message due this many minutes ago and still waiting: the worker is not sending (no
   * SMTP_URL, or it is not running). A message waiting for its next try is not due yet.
   */
  outboxDueMinutes: 15,
  /**
   * Messages given up after every try (expired: the mail server was unreachable or kept
   * answering "try later") within these hours. A message refused for good (one wrong address)
   * or suppressed is shown on the health page, but is not the system failing.
   */
  failedWithinHours: 24,
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

/** The outbox's problems: a due message not sent, messages given up after every try lately. */
function outboxProblems(db: Db, now: Date): string[] {
  const problems: string[] = [];
  const stuckSince = new Date(now.getTime() - READINESS_LIMITS.outboxDueMinutes * MINUTE_MS);
  const waiting = statement(
    db,
    `SELECT COUNT(*) AS count, MIN(next_attempt_at) AS oldest FROM outbox
      WHERE status IN ('pending', 'sending')`,
  ).get() as { count: number; oldest: string | null };
  if (waiting.oldest !== null && waiting.oldest <= stuckSince.toISOString())
    problems.push(
      `The e-mail outbox is stuck: ${plural(waiting.count, 'message')} waiting, the oldest due since ${waiting.oldest}`,
    );
  const since = new Date(now.getTime() - READINESS_LIMITS.failedWithinHours * HOUR_MS);
  const { failed } = statement(
    db,
    `SELECT COUNT(*) AS failed FROM outbox
      WHERE status = 'failed' AND failure = 'expired' AND failed_at >= ?`,
  ).get(since.toISOString()) as { failed: number };
  if (failed > 0)
    problems.push(
      `${plural(failed, 'e-mail')} not delivered after every try, in the last ${READINESS_LIMITS.failedWithinHours} hours`,
    );
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
