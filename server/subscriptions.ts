/** Recurring plans: created active, cancelled by DELETE (the record stays). */
import type { Subscription, SubscriptionInput } from '../domain/contract/types';
import { inWriteTransaction, newId, type Db } from './db';
import { conflict, notFound } from './errors';
import { assertBelowCap } from './caps';
import { addLedgerEntry, type Customer } from './customers';
import { FIRST_SUBSCRIPTION_BONUS } from '../domain/loyalty';

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

/** Starts a plan; the customer's very first plan earns the subscription bonus. */
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
    addLedgerEntry(db, {
      userId: customer.userId,
      type: 'earn',
      points: FIRST_SUBSCRIPTION_BONUS,
      source: 'First subscription plan started',
      reasonKey: 'first-subscription',
      at: now,
    });
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
    return toSubscription(subscriptionRow(db, customer, subscriptionId));
  });
}
