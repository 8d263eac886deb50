/**
 * The privacy policy (src/config/legal.ts) names everything the product stores: every column
 * of the live database schema (after every migration), and every key the app keeps in the
 * browser's local or session storage. A new column or key fails here until the policy names it.
 * It, the README and docs/product.md say how long a deleted customer can remain in a backup:
 * the retention period of server/platform/config.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../domain/paths';
import { BACKUP_RETENTION_DAYS, KEEP_SENT_MAIL_DAYS } from '../../server/platform/config';
import { CLIENT_ERROR_KEEP_DAYS } from '../../server/health/clientErrors';
import { openDatabase } from '../../server/platform/db';
import { browserStorage, privacyRights, privacyIntro, storedData } from '../../src/config/legal';

/** Every table and its columns, as the migrations leave them. */
function liveSchema(): Record<string, string[]> {
  const db = openDatabase(':memory:');
  try {
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
        name: string;
      }[]
    ).map((row) => row.name);
    return Object.fromEntries(
      tables.map((table) => [
        table,
        (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map(
          (column) => column.name,
        ),
      ]),
    );
  } finally {
    db.close();
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The keys the app's code keeps in storage: in every file that uses local or session storage,
 * the string constants named `…KEY` / `…KEYS = { … }`, and the string literals passed to
 * getItem / setItem / removeItem.
 */
export function storageKeysInSource(files: { name: string; text: string }[]): string[] {
  const keys = new Set<string>();
  for (const { text } of files) {
    if (!/\b(localStorage|sessionStorage|Storage)\b/.test(text)) continue;
    for (const match of text.matchAll(/\b\w*KEY\w*\s*=\s*'([^']+)'/g)) keys.add(match[1]!);
    for (const block of text.matchAll(/\b\w*KEYS\s*=\s*\{([^}]*)\}/g)) {
      for (const value of block[1]!.matchAll(/:\s*'([^']+)'/g)) keys.add(value[1]!);
    }
    for (const match of text.matchAll(/\b(?:get|set|remove)Item\(\s*'([^']+)'/g)) {
      keys.add(match[1]!);
    }
  }
  return [...keys].sort();
}

describe('the privacy policy names what the product stores', () => {
  it('names every column of every table, and no column that does not exist', () => {
    const schema = liveSchema();
    const named = Object.fromEntries(
      storedData.map((table) => [table.table, Object.keys(table.columns)]),
    );
    const missing = Object.entries(schema).flatMap(([table, columns]) =>
      columns.filter((column) => !named[table]?.includes(column)).map((c) => `${table}.${c}`),
    );
    const stale = Object.entries(named).flatMap(([table, columns]) =>
      columns.filter((column) => !schema[table]?.includes(column)).map((c) => `${table}.${c}`),
    );
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it('says how long sent e-mails are kept, as the mail worker keeps them', () => {
    const outbox = storedData.find((table) => table.table === 'outbox');
    expect(outbox?.kept).toContain(`deleted ${KEEP_SENT_MAIL_DAYS} days after it was sent`);
  });

  it('says how long error reports are kept, as the server keeps them', () => {
    const reports = storedData.find((table) => table.table === 'client_errors');
    expect(reports?.kept).toContain(`${CLIENT_ERROR_KEEP_DAYS} days after`);
  });

  it('names every storage key the app uses', () => {
    const files = sourceFiles(path.join(repoRoot, 'src')).map((file) => ({
      name: file,
      text: readFileSync(file, 'utf8'),
    }));
    const keys = storageKeysInSource(files);
    expect(keys).toEqual(
      expect.arrayContaining(['idToken', 'quoteDraft.v1', 'oauth-pkce', 'loyaltyLevel']),
    );
    const named = browserStorage.map((entry) => entry.key);
    expect(keys.filter((key) => !named.includes(key))).toEqual([]);
    expect(named.filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('finds a key in a new file the way the app would write it', () => {
    const text =
      "const PREFS_KEY = 'emailPrefs';\nwindow.localStorage.setItem('seen-banner', '1');";
    expect(storageKeysInSource([{ name: 'x.ts', text }])).toEqual(['emailPrefs', 'seen-banner']);
  });
});

/** Every "<n> days" in the sentences of `text` that speak of backups. */
export function backupDays(text: string): number[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => /backup/i.test(sentence))
    .flatMap((sentence) => [...sentence.matchAll(/\b(\d+) days\b/g)].map((m) => Number(m[1])));
}

describe('how long a deleted customer can remain in a backup', () => {
  const policy = [...privacyIntro, ...privacyRights]
    .flatMap((section) => section.paragraphs)
    .join(' ');
  it.each([
    ['the privacy policy', policy],
    ['README.md', readFileSync(path.join(repoRoot, 'README.md'), 'utf8')],
    ['docs/product.md', readFileSync(path.join(repoRoot, 'docs', 'product.md'), 'utf8')],
  ])('%s names the retention period of the backups, and no other', (_name, text) => {
    const days = backupDays(text);
    expect(days.length).toBeGreaterThan(0);
    expect(days.filter((n) => n !== BACKUP_RETENTION_DAYS)).toEqual([]);
  });

  it('reads the days of the sentences about backups only', () => {
    expect(
      backupDays('Bookings are kept 30 days. Backups are kept 14 days.\nA backup of 7 days.'),
    ).toEqual([14, 7]);
  });
});
