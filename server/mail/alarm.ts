/**
 * The mail alarm: the owner hears once, not once per message or per pass, when e-mail as a whole
 * is failing. It is raised when more than half of the last MAIL_ALARM.window e-mails the mail
 * server answered were refused (an unverified sender, SES's sandbox), or when none was delivered
 * in MAIL_ALARM.stalledMinutes while a message had been due all that time (the mail server down,
 * or no SMTP_URL). The mail worker checks it (./worker.ts); each episode is one row of
 * `mail_alarms`, with one log line when it is raised and one when it clears.
 *
 * How it reaches the owner: the Health page and `GET /health/ready` name it while it is open
 * (server/platform/readiness.ts). In production the server's metric job publishes whether one is
 * open (`MailAlarm`, infra/lib/serverBoot.ts) and a CloudWatch alarm e-mails the owner through
 * SNS (infra/lib/monitoringStack.ts): not through the SMTP server, which may be what is down.
 */
import { statement, type Db } from '../platform/db';
import { openMailAlarm } from '../platform/readiness';

export const MAIL_ALARM = {
  /** How many of the latest answered e-mails the refusal share is taken over. */
  window: 20,
  /** No e-mail delivered for this long while one was due. */
  stalledMinutes: 60,
} as const;

const MINUTE_MS = 60_000;

/** Why e-mail is failing as a whole now, in words; undefined when it is not. */
export function mailAlarmReason(db: Db, now: Date): string | undefined {
  const latest = statement(
    db,
    `SELECT failure FROM outbox
      WHERE status = 'sent' OR (status = 'failed' AND failure IN ('refused', 'expired'))
      ORDER BY COALESCE(sent_at, failed_at) DESC LIMIT ?`,
  ).all(MAIL_ALARM.window) as { failure: string | null }[];
  const refused = latest.filter((row) => row.failure === 'refused').length;
  if (refused * 2 > latest.length)
    return `more than half of the last ${latest.length} e-mails were refused by the mail server (${refused} of ${latest.length})`;
  const since = new Date(now.getTime() - MAIL_ALARM.stalledMinutes * MINUTE_MS).toISOString();
  const { due } = statement(
    db,
    `SELECT COUNT(*) AS due FROM outbox WHERE status IN ('pending', 'sending') AND queued_at <= ?`,
  ).get(since) as { due: number };
  if (due === 0) return undefined;
  const delivered = statement(
    db,
    "SELECT 1 FROM outbox WHERE status = 'sent' AND sent_at > ? LIMIT 1",
  ).get(since);
  return delivered ? undefined : `no e-mail was delivered in the last hour, while ${due} were due`;
}

/**
 * Raises the alarm when e-mail is failing and none is open, clears the open one when it no
 * longer is; logs each change once. Called by the worker inside its non-waiting write.
 */
export function checkMailAlarm(db: Db, now: Date, log: (line: string) => void): void {
  const reason = mailAlarmReason(db, now);
  const open = openMailAlarm(db);
  const at = now.toISOString();
  if (reason && !open) {
    statement(db, 'INSERT INTO mail_alarms (reason, raised_at) VALUES (?, ?)').run(reason, at);
    log(`[mail] Alarm: ${reason}. The Health page of the owner console says what to do.`);
  } else if (!reason && open) {
    statement(db, 'UPDATE mail_alarms SET cleared_at = ? WHERE cleared_at IS NULL').run(at);
    log(`[mail] Alarm cleared (raised ${open.raisedAt}: ${open.reason}).`);
  }
}
