/**
 * Which text sender the server uses (./textWorker.ts), and the local text sink's inbox page:
 * `GET /local/texts` (TEXT_SINK=local only, never in production: it is not in openapi.yaml)
 * lists every text the local sink took, newest first, in a small page.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../domain/html';
import { numberText } from '../../domain/texts';
import type { TextSettings } from '../platform/config';
import { awsTextSender, localTextSink, type TextSender } from './textWorker';

export const LOCAL_TEXT_INBOX_PATH = '/local/texts';

export async function textSenderOf(settings: TextSettings): Promise<TextSender> {
  if (settings.sender) return settings.sender;
  const { sink } = settings;
  return sink.kind === 'local'
    ? localTextSink(sink.inboxFile, (line) => console.error(line))
    : awsTextSender(sink.originationNumber, sink.region);
}

interface InboxLine {
  to: string;
  body: string;
  at: string;
}

/** The local sink's texts, newest first (a damaged line is left out). */
export function localInbox(file: string): InboxLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        const text = JSON.parse(line) as InboxLine;
        return typeof text.body === 'string' ? [text] : [];
      } catch {
        return [];
      }
    })
    .reverse();
}

export function registerLocalTextInbox(app: FastifyInstance, file: string): void {
  app.get(LOCAL_TEXT_INBOX_PATH, (_request, reply) => {
    const texts = localInbox(file);
    const items = texts
      .map(
        (t) =>
          `<li><p><strong>To ${escapeHtml(numberText(t.to))}</strong> · <time>${escapeHtml(t.at)}</time></p><p>${escapeHtml(t.body)}</p></li>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5"><title>Local texts</title></head><body style="font-family:Arial,sans-serif;max-width:40rem;margin:1rem auto;padding:0 1rem"><h1>Local texts</h1><p>Every text the API sent with the local text sink, newest first (refreshes every 5 s).</p>${texts.length ? `<ol reversed style="padding-left:1.2rem">${items}</ol>` : '<p>No texts yet.</p>'}</body></html>`,
      );
  });
}
