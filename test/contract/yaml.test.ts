/**
 * openapi.yaml means the same to every YAML parser a backend developer's tools use: YAML 1.2
 * (`yaml`, which the server and codegen use) and YAML 1.1 (js-yaml 3, and yaml-js, which
 * Dredd 14's OpenAPI parsers use). A plain scalar that one of them reads differently (or
 * rejects, like an unquoted `4:00 PM` inside `{ }`) fails here.
 */
import { readFileSync } from 'node:fs';
import { safeLoad } from 'js-yaml3';
import { parse } from 'yaml';
import { load } from 'yaml-js';
import { defaultSpecPath } from '../../domain/contract/openapi';

const text = readFileSync(defaultSpecPath, 'utf8');
const yaml12 = parse(text) as unknown;

it('is read as a non-empty document by the YAML 1.2 parser', () => {
  expect(yaml12).toEqual(expect.objectContaining({ openapi: expect.any(String) }));
});

it.each([
  ['js-yaml 3 (YAML 1.1)', safeLoad],
  ['yaml-js, as Dredd 14 reads it (YAML 1.1)', load],
  ['yaml in YAML 1.1 mode', (source: string) => parse(source, { version: '1.1' }) as unknown],
])('parses identically with %s', (_name, parse11) => {
  expect(parse11(text)).toStrictEqual(yaml12);
});
