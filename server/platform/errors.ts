import { STATUS_CODES } from 'node:http';

/** An error answer with the contract's `Error` body: `{ error: <reason phrase>, message }`. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  /** Fields the answer's body carries besides `error` and `message` (SlotTaken's `nearest`). */
  readonly details: Record<string, unknown>;

  constructor(
    statusCode: number,
    message: string,
    headers: Record<string, string> = {},
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.headers = headers;
    this.details = details;
  }
}

export function reasonPhrase(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Error';
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
