/**
 * What the logs may show of a request's path. The owner's calendar feed is served at an address
 * whose last part is its secret (../owner/calendarFeed.ts); the request log (./service.ts) and the
 * logger's request serializer (./productionConfig.ts) write such a path without it.
 */

/** Where the owner's calendar feed is served: `/calendar/{secret}.ics`. */
export const FEED_PREFIX = '/calendar/';

/**
 * A request's path as it is logged: without the query, and with anything after `/calendar/`
 * replaced, so that the feed's secret (or a mistyped one) never reaches a log.
 */
export function loggedPath(url: string | undefined): string | undefined {
  const path = url?.split('?')[0];
  return path?.startsWith(FEED_PREFIX) ? `${FEED_PREFIX}[redacted]` : path;
}
