/**
 * The systemd unit of a plain-VM install (infra/systemd/shine.service): the database, pictures
 * and backups it writes are readable by the service's user only.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../domain/paths';

const read = (name: string) => readFileSync(path.join(repoRoot, 'infra', 'systemd', name), 'utf8');

/** `Key=value` lines of one `[Section]` (the last value of a key wins, as in systemd). */
function section(unit: string, name: string): Record<string, string> {
  const settings: Record<string, string> = {};
  let current = '';
  for (const line of unit.split('\n').map((text) => text.trim())) {
    if (line.startsWith('[')) current = line;
    else if (current === `[${name}]` && /^[A-Za-z]+=/.test(line)) {
      const [key = '', ...value] = line.split('=');
      settings[key] = value.join('=');
    }
  }
  return settings;
}

const service = section(read('shine.service'), 'Service');

it('creates files for the service user only, in a state folder only it can enter', () => {
  expect(service.UMask).toBe('0077');
  expect(service.StateDirectory).toBe('shine');
  expect(service.StateDirectoryMode).toBe('0700');
});

it('keeps the database, pictures and backups inside that state folder', () => {
  const env = Object.fromEntries(
    read('shine.env.example')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  for (const name of ['DATABASE_PATH', 'PICTURES_DIR', 'BACKUP_DIR']) {
    expect({ name, inside: env[name]?.startsWith(`/var/lib/${service.StateDirectory}/`) }).toEqual({
      name,
      inside: true,
    });
  }
});
