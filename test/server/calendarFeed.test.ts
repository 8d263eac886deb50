/**
 * The owner's calendar feed, as a calendar app reads it (parsed with ical.js): the address the
 * owner gets, one event per Booked appointment with the customer's name, phone, address and
 * vehicle, from its New York time for as long as the owner's rules say the job takes; a change
 * shows at the next fetch; a wrong or replaced secret answers 404 without saying why; a new
 * address ends the old one at once; and the secret never reaches the request log.
 */
import { request } from 'node:http';
import { Writable } from 'node:stream';
import ICAL from 'ical.js';
import { serviceLogger } from '../../server/platform/productionConfig';
import { CALENDAR_FEED_RATE_LIMIT } from '../../server/platform/config';
import { loggedPath } from '../../server/platform/loggedPath';
import {
  call,
  callBackRequest,
  futureDate,
  quoteRequest,
  ROOMY_RULES,
  serveApiForTests,
  startApi,
  type TestApi,
} from './helpers';

const served = serveApiForTests({ quoteRateLimit: { max: 1000, windowMs: 60_000 } });
let ownerToken: string;

beforeAll(async () => {
  ownerToken = await served.idp.ownerToken('owner-sub');
  // Real durations: an SUV takes two hours, pet hair half an hour more (the offer's minutes).
  const rules = {
    ...ROOMY_RULES,
    jobMinutes: { ...ROOMY_RULES.jobMinutes, SUV: 120, Sedan: 90 },
  };
  const saved = await asOwner('PUT', '/owner/availability', rules);
  expect(saved.status).toBe(200);
});

const asOwner = (method: string, url: string, body?: unknown) =>
  call(served.api.baseUrl, method, url, { token: ownerToken, body });

async function newRequest(body: unknown): Promise<string> {
  const answer = await call(served.api.baseUrl, 'POST', '/bookings', { body });
  expect(answer.status).toBe(201);
  return (answer.body as { bookingId: string }).bookingId;
}

/** A GET of `path` exactly as written (fetch would resolve dot segments); its status. */
function rawGet(baseUrl: string, path: string): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const sent = request({ hostname, port, path, method: 'GET' }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
    });
    sent.on('error', reject);
    sent.end();
  });
}

async function feedUrl(): Promise<string> {
  const answer = await asOwner('GET', '/owner/calendar-feed');
  expect(answer.status).toBe(200);
  return (answer.body as { url: string }).url;
}

interface FeedEvent {
  uid: string;
  summary: string;
  description: string;
  location: string;
  status: string;
  sequence: number;
  start: Date;
  end: Date;
}

async function fetchFeed(url: string) {
  const response = await fetch(url);
  const text = await response.text();
  if (response.status !== 200) return { response, text, name: '', events: [] as FeedEvent[] };
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((component): FeedEvent => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      status: String(component.getFirstPropertyValue('status')),
      sequence: event.sequence,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
    };
  });
  const name = String(calendar.getFirstPropertyValue('x-wr-calname'));
  return { response, text, name, events };
}

/** An instant as a New York wall clock: `2026-12-05 10:00`. */
const newYork = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);

const eventOf = (events: FeedEvent[], bookingId: string) =>
  events.find((event) => event.uid.startsWith(`${bookingId}@`));

describe('the feed', () => {
  const address = { line1: '12 Oak St', line2: 'Apt 4', city: 'Cary', state: 'NC', zip: '27511' };
  const day = futureDate(40);
  let scheduled: string;
  let waiting: string;
  let cancelled: string;
  let completed: string;
  let callBack: string;

  beforeAll(async () => {
    // A call-back request the owner then schedules (a confirmed appointment).
    scheduled = await newRequest(
      callBackRequest({
        name: 'Dana Whitfield',
        phone: '(919) 555-0123',
        vehicleType: 'SUV',
        selectedAddons: ['Pet Hair Removal'],
        vehicle: '2021 Honda Pilot',
        serviceAddress: address,
      }),
    );
    const schedule = await asOwner('PUT', `/owner/bookings/${scheduled}/schedule`, {
      date: day,
      time: '10:00',
    });
    expect(schedule.status).toBe(200);
    // A request still waiting for the owner at the time the customer asked for.
    waiting = await newRequest(
      quoteRequest({ name: 'Robin Waits', vehicleType: 'Sedan', selectedAddons: [] }),
    );
    cancelled = await newRequest(quoteRequest({ name: 'Casey Cancelled' }));
    expect(
      (await asOwner('POST', `/owner/bookings/${cancelled}/cancel`, { reason: 'Rain' })).status,
    ).toBe(200);
    completed = await newRequest(quoteRequest({ name: 'Chris Completed' }));
    expect(
      (await asOwner('POST', `/owner/bookings/${completed}/complete`, { doneEarly: true })).status,
    ).toBe(200);
    callBack = await newRequest(callBackRequest({ name: 'Call Me Back' }));
  });

  it('answers the same secret address to the owner each time', async () => {
    const url = await feedUrl();
    expect(url).toMatch(new RegExp(`^${served.api.baseUrl}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await feedUrl()).toBe(url);
  });

  it('serves iCalendar, not cached for more than a minute, named for the business', async () => {
    const { response, name, text } = await fetchFeed(await feedUrl());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/no-cache/);
    expect(name).toBe('Triangle Shine Mobile Detailing appointments');
    expect(text).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);
    // Every line ends with CRLF, the last one too (RFC 5545 §3.1).
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
  });

  it('has one event per Booked appointment with what the owner needs at the door', async () => {
    const { events } = await fetchFeed(await feedUrl());
    const event = eventOf(events, scheduled);
    expect(event).toBeDefined();
    expect(event?.summary).toBe('Dana Whitfield: Detailing Service (SUV)');
    expect(newYork(event!.start)).toBe(`${day} 10:00`);
    // 120 minutes for the SUV, 30 for the pet hair.
    expect(event!.end.getTime() - event!.start.getTime()).toBe(150 * 60_000);
    expect(event?.location).toBe('12 Oak St, Apt 4, Cary, NC 27511');
    expect(event?.status).toBe('CONFIRMED');
    for (const fact of [
      'Dana Whitfield',
      '(919) 555-0123',
      '12 Oak St, Apt 4, Cary, NC 27511',
      'SUV, 2021 Honda Pilot',
      'Pet Hair Removal',
    ]) {
      expect(event?.description).toContain(fact);
    }
    // A waiting request holds its time: there, but tentative, and a Sedan's 90 minutes.
    const request = eventOf(events, waiting);
    expect(request?.status).toBe('TENTATIVE');
    expect(request!.end.getTime() - request!.start.getTime()).toBe(90 * 60_000);
    expect(request?.description).toContain('Not confirmed yet');
    for (const absent of [cancelled, completed, callBack]) {
      expect(eventOf(events, absent)).toBeUndefined();
    }
  });

  it('shows a change at the next fetch, under the same UID and a higher SEQUENCE', async () => {
    const url = await feedUrl();
    const before = eventOf((await fetchFeed(url)).events, scheduled);
    // The sequence counts whole seconds of changes (an iCalendar time has no finer unit).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = futureDate(41);
    expect(
      (
        await asOwner('PUT', `/owner/bookings/${scheduled}/schedule`, {
          date: later,
          time: '14:00',
        })
      ).status,
    ).toBe(200);
    const after = eventOf((await fetchFeed(url)).events, scheduled);
    expect(after?.uid).toBe(before?.uid);
    expect(newYork(after!.start)).toBe(`${later} 14:00`);
    // A calendar keeps an event whose SEQUENCE did not rise: the new time must come with a
    // higher one.
    expect(after!.sequence).toBeGreaterThan(before!.sequence);
    expect(
      (await asOwner('POST', `/owner/bookings/${scheduled}/cancel`, { reason: 'Moved away' }))
        .status,
    ).toBe(200);
    expect(eventOf((await fetchFeed(url)).events, scheduled)).toBeUndefined();
  });
});

describe('the secret', () => {
  it('answers 404 to a wrong secret, saying nothing of why', async () => {
    const url = await feedUrl();
    const secret = /\/calendar\/([\w-]+)\.ics$/.exec(url)![1]!;
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [wrong, 'short', `${secret}x`]) {
      const { response, text } = await fetchFeed(`${served.api.baseUrl}/calendar/${token}.ics`);
      expect(response.status).toBe(404);
      expect(JSON.parse(text)).toEqual({ error: 'Not Found', message: 'Not found' });
    }
  });

  it('makes a new address for the owner; the old one stops working at once', async () => {
    const old = await feedUrl();
    const renewed = await asOwner('POST', '/owner/calendar-feed');
    expect(renewed.status).toBe(201);
    const url = (renewed.body as { url: string }).url;
    expect(url).not.toBe(old);
    expect((await fetchFeed(old)).response.status).toBe(404);
    expect((await fetchFeed(url)).response.status).toBe(200);
    expect(await feedUrl()).toBe(url);
  });

  it('is never asked for a token, and the owner operations are the owner’s only', async () => {
    const customer = await served.idp.idToken('customer-sub', 'sam@example.com');
    for (const method of ['GET', 'POST']) {
      expect((await call(served.api.baseUrl, method, '/owner/calendar-feed')).status).toBe(401);
      expect(
        (await call(served.api.baseUrl, method, '/owner/calendar-feed', { token: customer }))
          .status,
      ).toBe(403);
    }
  });
});

describe('the request log', () => {
  let lines: string[];
  let logged: TestApi;

  beforeAll(async () => {
    lines = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // The running service's logger (pino options with redaction and serializers), into `lines`.
    const logger = { ...serviceLogger('info'), stream };
    logged = await startApi(served.idp, { logger });
  });

  afterAll(() => logged.close());

  it('logs the feed’s path without its secret, even for a wrong one', async () => {
    const answer = await call(logged.baseUrl, 'GET', '/owner/calendar-feed', {
      token: ownerToken,
    });
    const url = (answer.body as { url: string }).url;
    const secret = /\/calendar\/([\w-]+)\.ics$/.exec(url)![1]!;
    expect((await fetch(`${url}?x=1`)).status).toBe(200);
    expect((await fetch(`${logged.baseUrl}/calendar/${secret}x.ics`)).status).toBe(404);
    expect((await fetch(`${logged.baseUrl}/calendar/${secret}/more`)).status).toBe(404);
    const log = lines.join('');
    expect(log).toContain('"path":"/calendar/[redacted]"');
    expect(log).not.toContain(secret);
  });

  it('keeps the secret out of the log however the path is encoded', async () => {
    const answer = await call(logged.baseUrl, 'GET', '/owner/calendar-feed', {
      token: ownerToken,
    });
    const secret = /\/calendar\/([\w-]+)\.ics$/.exec((answer.body as { url: string }).url)![1]!;
    const before = lines.length;
    const statuses: Record<string, number> = {};
    // Sent as written (fetch would normalise them): percent-encoded letters and slashes, double
    // slashes, dot segments, a double-encoded letter and other letter cases.
    for (const path of [
      `/calendar/${secret}.ics`,
      `/%63alendar/${secret}.ics`,
      `/%63%61%6C%65%6e%64%61%72/${secret}.ics`,
      `/calendar%2F${secret}.ics`,
      `//calendar/${secret}.ics`,
      `/calendar//${secret}.ics`,
      `/./calendar/${secret}.ics`,
      `/owner/../calendar/${secret}.ics`,
      `/owner/%2e%2e/calendar/${secret}.ics`,
      `/%2563alendar/${secret}.ics`,
      `/Calendar/${secret}.ics`,
      `/CALENDAR/${secret}.ics`,
      `/calendar/${secret}.ICS`,
      `/calendar;x=1/${secret}.ics`,
      `/calendar/%${secret.charCodeAt(0).toString(16)}${secret.slice(1)}.ics`,
      `/%63alendar/%${secret.charCodeAt(0).toString(16)}${secret.slice(1)}.ics`,
    ]) {
      statuses[path] = await rawGet(logged.baseUrl, path);
    }
    // The router serves the feed for percent-encoded letters, in the path and in the secret.
    expect(statuses[`/%63alendar/${secret}.ics`]).toBe(200);
    expect(statuses[`/calendar/%${secret.charCodeAt(0).toString(16)}${secret.slice(1)}.ics`]).toBe(
      200,
    );
    const log = lines.slice(before).join('');
    expect(log).toContain('"path":"/calendar/[redacted]"');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(secret.slice(1));
    // Other paths are logged as they were.
    expect(loggedPath('/owner/calendar-feed?x=1')).toBe('/owner/calendar-feed');
    expect(loggedPath('/bookings/b-1')).toBe('/bookings/b-1');
  });

  it('limits the fetches of one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CALENDAR_FEED_RATE_LIMIT.max; i += 1) {
      statuses.push((await fetch(`${logged.baseUrl}/calendar/nothing.ics`)).status);
    }
    expect(statuses[0]).toBe(404);
    expect(statuses.at(-1)).toBe(429);
  });
});
