/**
 * Reports the errors a visitor's browser meets to the server (POST /client-errors, see
 * server/health/clientErrors.ts): uncaught errors, promises rejected with nobody waiting, and page code
 * that failed to download (webpack's ChunkLoadError, or a lazy route's import, which
 * RouteErrorBoundary reports). A report holds the error's name and message, the page's path
 * without query string or hash, and the script file and line without theirs: never what the
 * visitor typed or a token. At most MAX_REPORTS per page load, each message once; sending never
 * throws and never waits.
 */
import type { RequestBodyOf } from '../../domain/contract/types';
import { apiBaseUrl } from '../api/apiBase';

type ClientErrorReport = RequestBodyOf<'reportClientError'>;
type Kind = ClientErrorReport['kind'];

const MAX_REPORTS = 3;
/** The contract's maxLength of each field. */
const LIMITS = { message: 500, path: 200, source: 300 } as const;
const CHUNK_FAILURE =
  /Loading (CSS )?chunk \S+ failed|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

const sent = new Set<string>();

/** Forgets the reports of this page load (for tests, which share one page). */
export function resetErrorReporting(): void {
  sent.clear();
}

const withoutQuery = (url: string) => url.split(/[?#]/)[0] ?? '';

function describe(error: unknown): { message: string; chunk: boolean } {
  if (error instanceof Error) {
    const chunk = error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message);
    return { message: `${error.name}: ${error.message}`, chunk };
  }
  const message = typeof error === 'string' ? error : String(error);
  return { message, chunk: CHUNK_FAILURE.test(message) };
}

function send(report: ClientErrorReport): void {
  const url = new URL('client-errors', apiBaseUrl());
  const body = JSON.stringify(report);
  // A beacon outlives the page, but carries no custom headers: it is used on this origin only,
  // where its JSON type needs no CORS preflight.
  if (url.origin === window.location.origin && typeof navigator.sendBeacon === 'function') {
    if (navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
  }
  void fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    credentials: 'omit',
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * Reports `error` (kind `chunk` when it is a failed download of page code), with the script
 * file and line it was thrown at when known.
 */
export function reportClientError(
  error: unknown,
  kind: Exclude<Kind, 'chunk'> = 'error',
  at: { source?: string; line?: number } = {},
): void {
  try {
    const described = describe(error);
    const message = described.message.slice(0, LIMITS.message) || 'Unknown error';
    if (sent.size >= MAX_REPORTS || sent.has(message)) return;
    sent.add(message);
    const report: ClientErrorReport = {
      message,
      kind: described.chunk ? 'chunk' : kind,
      path: window.location.pathname.slice(0, LIMITS.path) || '/',
    };
    const source = at.source ? withoutQuery(at.source).slice(0, LIMITS.source) : '';
    if (source) report.source = source;
    if (source && at.line && at.line > 0) report.line = Math.floor(at.line);
    send(report);
  } catch {
    // Reporting an error must never cause another one.
  }
}

/** Listens for uncaught errors and unhandled rejections; answers how to stop listening. */
export function installErrorReporting(): () => void {
  const onError = (event: ErrorEvent) =>
    reportClientError(event.error ?? event.message, 'error', {
      source: event.filename,
      line: event.lineno,
    });
  const onRejection = (event: PromiseRejectionEvent) =>
    reportClientError(event.reason, 'rejection');
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
