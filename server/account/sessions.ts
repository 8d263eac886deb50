/**
 * Sessions the account ended: after "Sign out of all devices" or a password change the app
 * reports it (POST /profile/me/sessions-ended), and from then on every token of the account
 * issued before that second is refused, although its signature and expiry are still good.
 */
import { statement, type Db } from '../platform/db';
import { unauthorized } from '../platform/errors';
import type { TokenVerifier, VerifiedToken } from '../platform/auth';

/** Records that the account's tokens issued before `at` (seconds since the epoch) are over. */
export function recordSessionsEnded(db: Db, sub: string, at = Math.floor(Date.now() / 1000)) {
  statement(
    db,
    `INSERT INTO sessions_ended (sub, ended_at) VALUES (?, ?)
     ON CONFLICT (sub) DO UPDATE SET ended_at = MAX(ended_at, excluded.ended_at)`,
  ).run(sub, at);
}

/** Refuses a token issued before its account's last reported end of sessions. */
function refuseEndedSession(db: Db, token: VerifiedToken): void {
  const row = statement(db, 'SELECT ended_at FROM sessions_ended WHERE sub = ?').get(token.sub) as
    { ended_at: number } | undefined;
  if (row && token.issuedAt < row.ended_at)
    throw unauthorized('Token was issued before the account signed out of its sessions');
}

/**
 * Wraps a token verifier so that every token issued before its account's last end of sessions
 * answers 401: app.ts verifies every token through it, the owner's (requireOwner) included.
 */
export function refusingEndedSessions(db: Db, verify: TokenVerifier): TokenVerifier {
  return async (authorization) => {
    const token = await verify(authorization);
    refuseEndedSession(db, token);
    return token;
  };
}
