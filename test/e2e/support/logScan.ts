/**
 * The last check of a browser-suite run: the log of every server process of the run (the API,
 * the production services, the identity stack, maildev, nginx) holds no token, no password and
 * no e-mail body. run.ts collects what to look for (the stack's passwords, the e-mails the
 * production services sent) and reports a hit as a failed check, naming file, line and kind
 * but never printing the secret itself.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A password the pool's policy accepts, in a shape the log check recognises. */
export const generatedPassword = () => `E2e-${randomBytes(4).toString('hex')}-Pass1!`;
const GENERATED_PASSWORD = /E2e-[0-9a-f]{8}-Pass1!/;

/** A JSON Web Token (header and payload are base64url JSON objects: `eyJ…`). */
const JWT = /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/;

export interface Secret {
  /** What it is, e.g. "the demo customer's password" (printed instead of the value). */
  kind: string;
  value: string | RegExp;
}

export interface LogHit {
  file: string;
  line: number;
  kind: string;
}

/** What every run looks for, whatever it did: tokens and the suite's generated passwords. */
export const ALWAYS: Secret[] = [
  { kind: 'a JSON Web Token', value: JWT },
  { kind: 'a generated password', value: GENERATED_PASSWORD },
];

/** Lines of an e-mail body long enough to be its own (greetings and signatures are shorter). */
export function bodySecrets(kind: string, body: string, minLength = 24): Secret[] {
  return body
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length >= minLength)
    .map((line) => ({ kind, value: line }));
}

/** Every file under `dir` whose name ends in `.log`. */
export function logFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => path.join(dir, entry))
    .filter((file) => file.endsWith('.log') && statSync(file).isFile());
}

export function scanLogs(files: string[], secrets: Secret[]): LogHit[] {
  const hits: LogHit[] = [];
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, index) => {
      for (const secret of secrets) {
        const found =
          typeof secret.value === 'string'
            ? secret.value !== '' && text.includes(secret.value)
            : secret.value.test(text);
        if (found) hits.push({ file, line: index + 1, kind: secret.kind });
      }
    });
  }
  return hits;
}
