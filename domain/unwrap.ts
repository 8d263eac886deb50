/**
 * Typed-value unwrapping (docs/product.md §3): legacy backends sent DynamoDB-style wrappers such as
 * {"S": "text"}, {"N": "12"}, {"BOOL": true}, {"NULL": true}, {"L": [...]}, {"M": {...}},
 * possibly nested. `unwrap` returns plain JSON; anything else is returned as it is.
 */
const typedKeys = new Set(['S', 'N', 'BOOL', 'NULL', 'L', 'M', 'SS', 'NS']);

function singleTypedKey(value: object): string | undefined {
  const keys = Object.keys(value);
  return keys.length === 1 && typedKeys.has(keys[0]!) ? keys[0] : undefined;
}

export function unwrap(value: unknown, depth = 0): unknown {
  if (depth > 64) return null;
  if (Array.isArray(value)) return value.map((item) => unwrap(item, depth + 1));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const record = value as Record<string, unknown>;
  const key = singleTypedKey(record);
  if (key !== undefined) {
    const inner = record[key];
    switch (key) {
      case 'S':
        return typeof inner === 'string' ? inner : unwrap(inner, depth + 1);
      case 'N': {
        // Only text and booleans are converted: Number() of an object is NaN at best, and throws
        // for one without a prototype.
        const n =
          typeof inner === 'number'
            ? inner
            : typeof inner === 'string' || typeof inner === 'boolean'
              ? Number(inner)
              : NaN;
        return Number.isFinite(n) ? n : 0;
      }
      case 'BOOL':
        return inner === true || inner === 'true';
      case 'NULL':
        return null;
      case 'SS':
      case 'L':
        return Array.isArray(inner) ? inner.map((item) => unwrap(item, depth + 1)) : [];
      case 'NS':
        return Array.isArray(inner) ? inner.map((item) => toNumber(item)) : [];
      case 'M':
        return unwrap(inner && typeof inner === 'object' ? inner : {}, depth + 1);
    }
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) out[k] = unwrap(v, depth + 1);
  return out;
}

/** A value as trimmed text ('' when missing or not representable). */
export function toText(value: unknown): string {
  const v = unwrap(value);
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  return '';
}

/** A value as a finite number (0 when missing or not a number). */
export function toNumber(value: unknown): number {
  const v = unwrap(value);
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim().replace(/[$,]/g, ''));
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

/** A value as a plain record ({} when it is not an object). */
export function toRecord(value: unknown): Record<string, unknown> {
  const v = unwrap(value);
  return v !== null && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : {};
}

/** A value as a list ([] when it is not an array). */
export function toList(value: unknown): unknown[] {
  const v = unwrap(value);
  return Array.isArray(v) ? v : [];
}

/** The first of several fields that holds a non-empty value. */
export function firstOf(record: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) {
    const v = record[key];
    if (v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '')) return v;
  }
  return undefined;
}
