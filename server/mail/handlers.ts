/** The e-mails' one-click unsubscribe link (operation table slice; app.ts merges it). */
import type { QueryOf } from '../../domain/contract/types';
import { BUSINESS_DEFAULTS } from '../../domain/business';
import type { ServerOptions } from '../platform/config';
import type { Db } from '../platform/db';
import type { Answer, Context, OperationHandlers } from '../platform/operationTypes';
import { OPT_OUT_PAGE_POLICY, optOutPage, recordOptOut, verifyOptOut } from './optOut';

export function createMailHandlers(db: Db, options: ServerOptions, secret: string) {
  /** An e-mail's unsubscribe link, checked (403 unless this server signed it). */
  const optOutLink = (ctx: Context<unknown, QueryOf<'showEmailOptOut'>>) => {
    const { email, kind, signature } = ctx.query;
    verifyOptOut(secret, email, kind, signature);
    return { email: email.trim().toLowerCase(), kind };
  };
  const page = (email: string, kind: 'reminders' | 'statusUpdates', done: boolean): Answer => ({
    status: 200,
    body: optOutPage(options.mail?.business.name ?? BUSINESS_DEFAULTS.name, email, kind, done),
    contentType: 'text/html; charset=utf-8',
    headers: { 'content-security-policy': OPT_OUT_PAGE_POLICY, 'cache-control': 'no-store' },
  });
  return {
    showEmailOptOut: {
      run: (ctx) => {
        const { email, kind } = optOutLink(ctx);
        return page(email, kind, false);
      },
    },
    optOutOfEmail: {
      run: (ctx) => {
        const { email, kind } = optOutLink(ctx);
        recordOptOut(db, email, kind);
        return page(email, kind, true);
      },
    },
  } satisfies Partial<OperationHandlers>;
}
