/**
 * What the logs may show of a request's path. The owner's calendar feed is served at an address
 * whose last part is its secret (../owner/calendarFeed.ts); the request log (./service.ts) and the
 * logger's request serializer (./productionConfig.ts) write such a path without it.
 */

/** Where the owner's calendar feed is served: `/calendar/{secret}.ics`. */
export const FEED_PREFIX = '/calendar/';

/** The feed's folder as one segment of a decoded path (`calendar`, or `calendar;…`). */
const FEED_SEGMENT = /^calendar(;|$)/i;

/**
 * `path` with every `%XX` decoded, again and again until nothing changes (a double-encoded
 * `%2563` is `c` too), byte by byte so that no encoding throws; backslashes as slashes.
 */
function decodedPath(path: string): string {
  let current = path;
  for (let round = 0; round < 8; round += 1) {
    const next = current.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    if (next === current) break;
    current = next;
  }
  return current.replace(/\\/g, '/');
}

/**
 * A request's path as it is logged: without the query, and, when any segment of the decoded
 * path is `calendar` (in any letter case, percent-encoded, after double slashes or dot segments:
 * however the router might read it), as `/calendar/[redacted]`, so that the feed's secret (or a
 * mistyped one) never reaches a log. Matching any segment covers every normalisation, since
 * resolving dot segments and merging slashes only take segments away.
 */
export function loggedPath(url: string | undefined): string | undefined {
  const path = url?.split('?')[0];
  if (path === undefined) return undefined;
  const segments = decodedPath(path).split('?')[0]!.split('/');
  return segments.some((segment) => FEED_SEGMENT.test(segment)) ? `${FEED_PREFIX}[redacted]` : path;
}
