/**
 * What every resource's handler table (`<resource>/handlers.ts`) shares: the signed-in caller,
 * a JSON answer, a path parameter as text.
 */
import { unauthorized } from './errors';
import type { Answer, Context, Customer } from './operationTypes';

/** The signed-in customer (operations whose security requires a token). */
export function me(ctx: Context): Customer {
  if (!ctx.customer) throw unauthorized('Missing bearer token');
  return ctx.customer;
}

export const ok = (body: unknown, status = 200): Answer => ({ status, body });

export const text = (value: unknown): string => String(value);
