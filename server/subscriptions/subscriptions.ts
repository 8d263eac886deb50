/** Recurring plans: created active, cancelled by DELETE (the record stays). */
import type { Subscription, SubscriptionInput } from '../../domain/contract/types';
import { inWriteTransaction, newId, type Db } from '../platform/db';
import { conflict, notFound } from '../platform/errors';
import { assertBelowCap } from '../customers/caps';
import { addLedgerEntry, type Customer } from '../customers/customers';
import { FIRST_SUBSCRIPTION_BONUS } from '../../domain/loyalty';
import { dayKey } from '../../domain/dates';

interface SubscriptionRow {
  subscription_id: string;
  user_id: string;
  plan: Subscription['plan'];
  status: Subscription['status'];
  created_at: string;
}

const toSubscription = (row: SubscriptionRow): Subscription => ({
  subscriptionId: row.subscription_id,
  userId: row.user_id,
  plan: row.plan,
  status: row.status,
  createdAt: row.created_at,
});

function subscriptionRow(db: Db, customer: Customer, subscriptionId: string): SubscriptionRow {
  const row = db
    .prepare('SELECT * FROM subscriptions WHERE subscription_id = ? AND user_id = ?')
    .get(subscriptionId, customer.userId) as SubscriptionRow | undefined;
  if (!row) throw notFound('Subscription not found');
  return row;
}

/** Oldest first; the first active one is the active plan. */
export function listSubscriptions(db: Db, customer: Customer): Subscription[] {
  const rows = db
    .prepare('SELECT * FROM subscriptions WHERE user_id = ? ORDER BY created_at, rowid')
    .all(customer.userId) as SubscriptionRow[];
  return rows.map(toSubscription);
}

/**
 * The first-plan bonus (docs/product.md §4, "Join a Subscription Plan"): one per account, for a
 * plan the customer keeps past the day it starts. A plan cancelled on the day it started (in the
 * business time zone) gives its bonus back (a `redeem` entry, which counts negative), and the next plan the
 * customer starts earns it again. Each grant and withdrawal names its plan in the ledger key.
 */
const bonusKey = (subscriptionId: string) => `first-subscription:${subscriptionId}`;
const withdrawalKey = (subscriptionId: string) => `first-subscription-withdrawn:${subscriptionId}`;

/** Whether the account holds a first-plan bonus that was not withdrawn. */
function holdsPlanBonus(db: Db, userId: string): boolean {
  const { held } = db
    .prepare(
      `SELECT SUM(CASE WHEN reason_key LIKE 'first-subscription-withdrawn:%' THEN -1 ELSE 1 END)
         AS held
       FROM loyalty_transactions
       WHERE user_id = ? AND (reason_key = 'first-subscription' OR reason_key LIKE 'first-subscription%:%')`,
    )
    .get(userId) as { held: number | null };
  return (held ?? 0) > 0;
}

/** Starts a plan; it earns the first-plan bonus unless the account already holds it. */
export function createSubscription(
  db: Db,
  customer: Customer,
  input: SubscriptionInput,
  now: Date = new Date(),
): Subscription {
  return inWriteTransaction(db, () => {
    assertBelowCap(db, customer.userId, 'activeSubscriptions');
    const subscriptionId = newId();
    db.prepare(
      `INSERT INTO subscriptions (subscription_id, user_id, plan, status, created_at)
       VALUES (?, ?, ?, 'active', ?)`,
    ).run(subscriptionId, customer.userId, input.plan, now.toISOString());
    if (!holdsPlanBonus(db, customer.userId)) {
      addLedgerEntry(db, {
        userId: customer.userId,
        type: 'earn',
        points: FIRST_SUBSCRIPTION_BONUS,
        source: 'First subscription plan started',
        reasonKey: bonusKey(subscriptionId),
        at: now,
      });
    }
    return toSubscription(subscriptionRow(db, customer, subscriptionId));
  });
}

export function cancelSubscription(
  db: Db,
  customer: Customer,
  subscriptionId: string,
  now: Date = new Date(),
): Subscription {
  return inWriteTransaction(db, () => {
    const row = subscriptionRow(db, customer, subscriptionId);
    if (row.status !== 'active') throw conflict('The subscription is already cancelled');
    db.prepare(
      "UPDATE subscriptions SET status = 'cancelled', cancelled_at = ? WHERE subscription_id = ?",
    ).run(now.toISOString(), subscriptionId);
    const earnedBonus = db
      .prepare('SELECT 1 FROM loyalty_transactions WHERE user_id = ? AND reason_key = ?')
      .get(customer.userId, bonusKey(subscriptionId));
    if (earnedBonus && dayKey(new Date(row.created_at)) === dayKey(now)) {
      addLedgerEntry(db, {
        userId: customer.userId,
        // The ledger stores points positive; a redeem counts negative.
        type: 'redeem',
        points: FIRST_SUBSCRIPTION_BONUS,
        source: 'First-plan bonus withdrawn: plan cancelled the day it started',
        reasonKey: withdrawalKey(subscriptionId),
        at: now,
      });
    }
    return toSubscription(subscriptionRow(db, customer, subscriptionId));
  });
}
