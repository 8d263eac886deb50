/**
 * The contract check's owner operations (paths under /owner/). With the customer's token
 * every one must answer 403; with an owner's token (`--owner-token`, a member of the `owners`
 * group) each is exercised: it works on two quote requests the customer sends for the purpose
 * (one scheduled, pictured and completed, one cancelled) and adjusts the customer's points by
 * one and back, so the balance ends where it was. The calendar feed's address is read and the
 * feed fetched with it, but no new address is made: the owner's subscribed calendars would stop.
 */
import { randomBytes } from 'node:crypto';
import { isOwnerPath } from '../../domain/owners';
import type { OperationId } from '../../domain/contract/types';
import { asArray, asRecord, type ContractRun, type Exchange } from './contractCore';

/** A 1×1 PNG: a picture the server accepts by its bytes. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const UNKNOWN_ID = 'ffffffffffffffffffffffff';
const BOUNDARY = 'contract-check-owner';

/** A multipart body with its text `fields` first, then one `file` part holding `data`. */
export function pictureUpload(
  data: Buffer,
  type: string,
  fields: Record<string, string> = { description: 'Sent by the contract check' },
) {
  const head = [
    ...Object.entries(fields).flatMap(([name, value]) => [
      `--${BOUNDARY}`,
      `Content-Disposition: form-data; name="${name}"`,
      '',
      value,
    ]),
    `--${BOUNDARY}`,
    `Content-Disposition: form-data; name="file"; filename="check.${type.split('/')[1]}"`,
    `Content-Type: ${type}`,
    '',
    '',
  ].join('\r\n');
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    rawBody: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  };
}

const isTrue =
  (condition: (body: Record<string, unknown>) => boolean, message: string) =>
  (exchange: Exchange) => (condition(asRecord(exchange.json)) ? undefined : message);

interface OwnerCheckInput {
  /** A valid request of each owner operation (the one the 401 checks send). */
  sample: (operationId: OperationId) => Parameters<ContractRun['check']>[2];
  /** A quote request body the customer may send. */
  quote: () => Record<string, unknown>;
  /** A date some days ahead (YYYY-MM-DD). */
  daysFromNow: (days: number) => string;
}

/** Checks the owner operations; `ownerToken` undefined: only the customer's 403s. */
export async function checkOwnerOperations(
  run: ContractRun,
  ownerToken: string | undefined,
  input: OwnerCheckInput,
): Promise<void> {
  const owned = run.operations.filter((op) => isOwnerPath(op.path));
  for (const op of owned) {
    await run.check(op.operationId, "a customer's token → 403", input.sample(op.operationId), 403);
  }
  if (!ownerToken) {
    for (const op of owned) run.note(op.operationId, 'no --owner-token: only the refusals');
    return;
  }
  const asOwner = { token: ownerToken };
  const me = asRecord((await run.send('getMyProfile')).json);
  const userId = typeof me.userId === 'string' ? me.userId : '';
  const sendQuote = async () =>
    asRecord(
      (
        await run.check(
          'createBooking',
          'quote for the owner checks → 201',
          { body: input.quote() },
          201,
        )
      )?.json,
    ).bookingId;
  const first = await sendQuote();
  const second = await sendQuote();
  if (typeof first !== 'string' || typeof second !== 'string' || !userId) {
    for (const op of owned) run.blocked(op.operationId, 'owner checks', 'no quote or no profile');
    return;
  }
  const id = (value: string) => ({ ...asOwner, params: { id: value } });

  await run.check(
    'listOwnerRequests',
    'first page → 200 with the new request',
    { ...asOwner, query: { limit: '50' } },
    200,
    isTrue(
      (b) => asArray(b.items).some((item) => asRecord(item).bookingId === second),
      'the request just sent is not on the first page',
    ),
  );
  const refusedCursor = { ...asOwner, query: { cursor: 'bm90LWEtY3Vyc29y' } };
  await run.check('listOwnerRequests', 'a cursor it did not give → 400', refusedCursor, 400);
  await run.check(
    'markOwnerRequestSeen',
    'seen → 200',
    id(first),
    200,
    isTrue((b) => b.seen === true, 'expected seen: true'),
  );
  await run.check('markOwnerRequestSeen', 'unknown id → 404', id(UNKNOWN_ID), 404);
  await run.check('markOwnerRequestSeen', 'malformed id → 400', id('not-an-id'), 400);
  const seenAt = (value: string, body: unknown) => ({ ...id(value), body });
  await run.check(
    'markOwnerCustomerChangeSeen',
    'nothing changed → 200 without a mark',
    seenAt(first, { at: new Date().toISOString() }),
    200,
    isTrue((b) => b.customerChange === undefined, 'expected no customerChange'),
  );
  await run.check('markOwnerCustomerChangeSeen', 'no time → 400', seenAt(first, {}), 400);
  const someTime = { at: new Date().toISOString() };
  await run.check(
    'markOwnerCustomerChangeSeen',
    'unknown id → 404',
    seenAt(UNKNOWN_ID, someTime),
    404,
  );
  const date = input.daysFromNow(32);
  const week = await run.check(
    'getOwnerBookingAvailability',
    "a week of the owner's free times → 200, one entry per date",
    { ...id(first), query: { from: date, to: input.daysFromNow(38) } },
    200,
    (exchange) =>
      asArray(exchange.json).length === 7 ? undefined : 'expected seven dates, one per day',
  );
  const freeDay = asArray(week?.json)
    .map(asRecord)
    .find((day) => asArray(day.times).length > 0);
  // The first free time of that week (the server's rules decide), or one to see refused.
  const at = freeDay
    ? { date: String(freeDay.date), time: String(asArray(freeDay.times)[0]) }
    : { date, time: '10:00 AM' };
  await run.check(
    'getOwnerBookingAvailability',
    'more than 62 days → 400',
    { ...id(first), query: { from: date, to: input.daysFromNow(32 + 62) } },
    400,
  );
  await run.check(
    'getOwnerBookingAvailability',
    'unknown id → 404',
    { ...id(UNKNOWN_ID), query: { from: date, to: date } },
    404,
  );
  await run.check(
    'scheduleOwnerBooking',
    'schedule at a free time → 200, date and time set',
    { ...id(first), body: { ...at, note: 'Sent by the contract check' } },
    200,
    isTrue((b) => b.date === at.date && b.time === at.time, `expected ${at.date} at ${at.time}`),
  );
  await run.check(
    'scheduleOwnerBooking',
    'another request onto that time → 409 with the nearest free times',
    { ...id(second), body: at },
    409,
    isTrue((b) => Array.isArray(b.nearest), 'expected nearest'),
  );
  await run.check(
    'scheduleOwnerBooking',
    'a time that is none → 400',
    { ...id(first), body: { date, time: '25:00' } },
    400,
  );
  await run.check(
    'listOwnerRoute',
    'that day → 200 with the appointment',
    { ...asOwner, query: { from: at.date, days: '1' } },
    200,
    (exchange) =>
      asArray(exchange.json).some((item) => asRecord(item).bookingId === first)
        ? undefined
        : 'the scheduled appointment is missing',
  );
  await run.check('listOwnerRoute', 'no date → 400', asOwner, 400);
  await run.check(
    'uploadOwnerPicture',
    'a PNG → 201',
    { ...id(first), ...pictureUpload(PNG, 'image/png') },
    201,
  );
  // An upload queued offline is sent with a key, maybe twice: once stored; another body → 422.
  const pictureKey = { 'idempotency-key': `contract-picture-${randomBytes(12).toString('hex')}` };
  const keyedUpload = (description?: string) => {
    const upload = pictureUpload(
      PNG,
      'image/png',
      description === undefined ? undefined : { description },
    );
    return { ...id(first), ...upload, headers: { ...upload.headers, ...pictureKey } };
  };
  await run.check('uploadOwnerPicture', 'a PNG with an Idempotency-Key → 201', keyedUpload(), 201);
  await run.check('uploadOwnerPicture', 'the same upload and key → 201', keyedUpload(), 201);
  await run.check(
    'uploadOwnerPicture',
    'the same key with another description → 422',
    keyedUpload('Another description'),
    422,
  );
  await run.check(
    'uploadOwnerPicture',
    'bytes that are no picture → 400',
    { ...id(first), ...pictureUpload(Buffer.from('not a picture'), 'image/png') },
    400,
  );
  await run.check(
    'uploadOwnerPicture',
    'unknown id → 404',
    {
      ...id(UNKNOWN_ID),
      ...pictureUpload(PNG, 'image/png'),
    },
    404,
  );
  await run.check(
    'listOwnerPictures',
    'the pictures → 200 with the label of the upload',
    id(first),
    200,
    (exchange) =>
      asArray(exchange.json).some((item) => asRecord(item).label === 'check.png')
        ? undefined
        : 'the picture named check.png is missing',
  );
  await run.check('listOwnerPictures', 'unknown id → 404', id(UNKNOWN_ID), 404);
  const early = (value: string) => ({ ...id(value), body: { doneEarly: true } });
  await run.check('completeOwnerBooking', 'an appointment after today → 409', id(first), 409);
  await run.check('ownerPicturesIn', 'not completed → 409', id(first), 409);
  await run.check('completeOwnerBooking', 'done early → 200', early(first), 200);
  await run.check('completeOwnerBooking', 'again → 409', early(first), 409);
  await run.check('ownerPicturesIn', 'pictures in → 204', id(first), 204);
  await run.check('ownerPicturesIn', 'unknown id → 404', id(UNKNOWN_ID), 404);
  await run.check(
    'undoOwnerCompletion',
    'undo → 200, Booked again',
    id(first),
    200,
    isTrue((b) => b.status === 'Booked', 'expected status: Booked'),
  );
  await run.check('undoOwnerCompletion', 'again → 409', id(first), 409);
  await run.check('undoOwnerCompletion', 'unknown id → 404', id(UNKNOWN_ID), 404);
  const onMyWay = (value: string, minutes: unknown) => ({ ...id(value), body: { minutes } });
  await run.check(
    'sendOwnerOnMyWay',
    'a customer who gets no texts → 409',
    onMyWay(first, 20),
    409,
  );
  await run.check('sendOwnerOnMyWay', '15 minutes (not offered) → 400', onMyWay(first, 15), 400);
  await run.check('sendOwnerOnMyWay', 'unknown id → 404', onMyWay(UNKNOWN_ID, 20), 404);
  // A completion queued offline carries a key: sent twice, the second gets the first answer.
  const completionKey = {
    headers: { 'idempotency-key': `contract-complete-${randomBytes(12).toString('hex')}` },
  };
  const keyed = { ...early(first), ...completionKey };
  await run.check('completeOwnerBooking', 'completed again, with a key → 200', keyed, 200);
  await run.check('completeOwnerBooking', 'the same key again → 200', keyed, 200);
  await run.check(
    'completeOwnerBooking',
    'the same key for another booking → 422',
    { ...early(second), ...completionKey },
    422,
  );
  await run.check('completeOwnerBooking', 'unknown id → 404', id(UNKNOWN_ID), 404);
  await run.check('completeOwnerBooking', 'malformed id → 400', id('not-an-id'), 400);
  const reason = { reason: 'Sent by the contract check' };
  await run.check('cancelOwnerBooking', 'cancel → 200', { ...id(second), body: reason }, 200);
  await run.check('cancelOwnerBooking', 'again → 409', { ...id(second), body: reason }, 409);
  await run.check('cancelOwnerBooking', 'no reason → 400', { ...id(second), body: {} }, 400);
  await run.check(
    'cancelOwnerBooking',
    'unknown id → 404',
    { ...id(UNKNOWN_ID), body: reason },
    404,
  );
  await run.check(
    'scheduleOwnerBooking',
    'a cancelled booking → 409',
    {
      ...id(second),
      body: { date, time: '10:00' },
    },
    409,
  );
  await run.check(
    'scheduleOwnerBooking',
    'unknown id → 404',
    {
      ...id(UNKNOWN_ID),
      body: { date, time: '10:00' },
    },
    404,
  );

  const customer = { ...asOwner, params: { userId } };
  await run.check(
    'listOwnerCustomers',
    "search by the customer's e-mail → 200 with them",
    { ...asOwner, query: { q: String(me.email ?? '') } },
    200,
    isTrue(
      (b) => asArray(b.items).some((item) => asRecord(item).userId === userId),
      'the customer is not found by their e-mail',
    ),
  );
  await run.check('listOwnerCustomers', 'a cursor it did not give → 400', refusedCursor, 400);
  await run.check(
    'getOwnerCustomer',
    'detail → 200 with the completed booking',
    customer,
    200,
    isTrue(
      (b) => asArray(b.bookings).some((item) => asRecord(item).bookingId === first),
      'the completed booking is missing',
    ),
  );
  await run.check(
    'getOwnerCustomer',
    'unknown account → 404',
    {
      ...asOwner,
      params: { userId: 'no-such-account' },
    },
    404,
  );
  await run.check(
    'getOwnerCustomer',
    'an id that cannot be one → 400',
    {
      ...asOwner,
      params: { userId: 'not an id' },
    },
    400,
  );
  const adjust = (points: number) => ({
    ...customer,
    body: { points, reason: 'Sent by the contract check' },
  });
  const added = await run.check('adjustOwnerPoints', '+1 → 201', adjust(1), 201);
  const balance = Number(asRecord(added?.json).points);
  await run.check(
    'adjustOwnerPoints',
    '-1 → 201, the balance as before',
    adjust(-1),
    201,
    isTrue((b) => b.points === balance - 1, `expected ${balance - 1} points`),
  );
  await run.check('adjustOwnerPoints', 'below zero → 409', adjust(-(balance + 1)), 409);
  await run.check('adjustOwnerPoints', '0 points → 400', adjust(0), 400);
  await run.check(
    'adjustOwnerPoints',
    'unknown account → 404',
    {
      ...adjust(1),
      params: { userId: 'no-such-account' },
    },
    404,
  );
  await run.check(
    'getOwnerNumbers',
    'numbers → 200 counting this month',
    asOwner,
    200,
    isTrue(
      (b) => Number(asRecord(b.thisMonth).requests) >= 2,
      "this month's requests do not count the two just sent",
    ),
  );
  await run.check(
    'getOwnerHealth',
    'health → 200 with the waiting e-mails',
    asOwner,
    200,
    isTrue(
      (b) => Array.isArray(b.failedMessages) && typeof asRecord(b.waiting).count === 'number',
      'expected the failed e-mails and the waiting count',
    ),
  );
  // A failed e-mail or a suppressed address cannot be made from outside: the refusals only.
  await run.check('resendOwnerMessage', 'unknown message → 404', id(UNKNOWN_ID), 404);
  await run.check('resendOwnerMessage', 'malformed id → 400', id('not-an-id'), 400);
  await run.check('resendOwnerText', 'unknown text → 404', id(UNKNOWN_ID), 404);
  await run.check('resendOwnerText', 'malformed id → 400', id('not-an-id'), 400);
  const dismissal = { body: { reason: 'Sent by the contract check' } };
  await run.check(
    'dismissOwnerMessage',
    'unknown message → 404',
    { ...id(UNKNOWN_ID), ...dismissal },
    404,
  );
  await run.check(
    'dismissOwnerMessage',
    'a blank reason → 400',
    { ...id(UNKNOWN_ID), body: { reason: '   ' } },
    400,
  );
  await run.check(
    'allowOwnerAddress',
    'an address not on the list → 404',
    { ...asOwner, body: { email: 'not-suppressed@example.com' } },
    404,
  );
  // The rules are read and stored back as they were: the check changes nothing of the owner's.
  const rules = (
    await run.check('getOwnerAvailability', 'rules → 200', asOwner, 200, (exchange) =>
      'week' in asRecord(exchange.json) ? undefined : 'expected the rules with their week',
    )
  )?.json;
  if (rules) {
    await run.check(
      'replaceOwnerAvailability',
      'the same rules back → 200',
      { ...asOwner, body: rules },
      200,
    );
    await run.check(
      'replaceOwnerAvailability',
      'hours that end before they start → 400',
      {
        ...asOwner,
        body: {
          ...asRecord(rules),
          week: {
            ...asRecord(asRecord(rules).week),
            monday: { open: true, start: '18:00', end: '09:00' },
          },
        },
      },
      400,
    );
  } else run.blocked('replaceOwnerAvailability', 'the same rules back', 'reading the rules failed');
  // The feed's address is read and the feed fetched with its secret; a new address is not made,
  // since the calendars subscribed to the owner's address would stop at once.
  const feed = await run.check(
    'getOwnerCalendarFeed',
    'address → 200, a secret .ics address',
    asOwner,
    200,
    isTrue(
      (b) => /\/calendar\/[\w-]{43}\.ics$/.test(String(b.url)),
      'expected …/calendar/<secret>.ics',
    ),
  );
  const secret = /\/calendar\/([\w-]+)\.ics$/.exec(String(asRecord(feed?.json).url))?.[1];
  if (secret) {
    await run.check(
      'getCalendarFeed',
      'the address the owner got → 200 iCalendar',
      { params: { token: secret } },
      200,
      (exchange) =>
        exchange.text.startsWith('BEGIN:VCALENDAR') ? undefined : 'expected a VCALENDAR',
    );
  } else run.blocked('getCalendarFeed', 'the address the owner got', 'reading the address failed');
  run.note(
    'renewOwnerCalendarFeed',
    "not renewed: the owner's subscribed calendars would stop (only the refusals)",
  );
}
