/**
 * `npm start`'s pages carry the published offer, as the server's rendered pages do: the dev
 * server renders every page in the browser from the shell (app.html), so without this its quote
 * form would price with the seeded defaults until the next build, and a quote after a publish
 * would be answered 409. For a page request (GET, HTML, no file extension, not /api) this
 * middleware asks the local API for the published offer (GET /offer) and sends the shell with
 * the offer's data block (domain/pageOffer.ts) in its head; the site's offer
 * (src/config/offer.ts) reads it when the app starts. When the API does not answer, the shell
 * goes as the build wrote it (the seeded defaults).
 */
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PublishedOffer } from '../../domain/contract/types';
import { pageOffer, pageOfferElement } from '../../domain/pageOffer';

type Next = (error?: unknown) => void;

/** The shell with the published offer's data block, or null when the API gave none. */
export async function shellWithOffer(
  shell: string,
  apiTarget: string,
  fetchOffer: typeof fetch = fetch,
): Promise<string | null> {
  const answer = await fetchOffer(`${apiTarget}/offer`, { signal: AbortSignal.timeout(2000) });
  if (!answer.ok) return null;
  const published = (await answer.json()) as PublishedOffer;
  const block = pageOfferElement(
    pageOffer({ version: published.version, offer: published.offer }, ['gallery']),
  );
  return shell.replace('</head>', () => `${block}</head>`);
}

/** A browser's page request, which the dev server answers with the shell. */
export function isPageRequest(request: IncomingMessage): boolean {
  if (request.method !== 'GET' || !request.headers.accept?.includes('text/html')) return false;
  const { pathname } = new URL(request.url ?? '/', 'http://localhost');
  return !pathname.startsWith('/api/') && pathname !== '/api' && path.extname(pathname) === '';
}

/** The middleware: `readShell` gives the shell the dev server holds in memory. */
export function publishedOfferShell(apiTarget: string, readShell: () => Promise<string>) {
  return (request: IncomingMessage, response: ServerResponse, next: Next) => {
    if (!isPageRequest(request)) return next();
    readShell()
      .then((shell) => shellWithOffer(shell, apiTarget))
      .then((html) => {
        if (html === null) return next();
        response.statusCode = 200;
        response.setHeader('Content-Type', 'text/html; charset=utf-8');
        response.setHeader('Cache-Control', 'no-cache');
        response.end(html);
      })
      .catch(() => next());
  };
}
