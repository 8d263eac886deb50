import fc from 'fast-check';
import { firstOf, toList, toNumber, toRecord, toText, unwrap } from './unwrap';

describe('unwrap (typed values)', () => {
  it.each([
    [{ S: 'x' }, 'x'],
    [{ N: '12' }, 12],
    [{ N: 12.5 }, 12.5],
    [{ N: 'abc' }, 0],
    [{ BOOL: true }, true],
    [{ NULL: true }, null],
    [{ L: [{ S: 'a' }, { N: '1' }] }, ['a', 1]],
    [
      { M: { name: { S: 'Jo' }, nested: { M: { n: { N: '3' } } } } },
      { name: 'Jo', nested: { n: 3 } },
    ],
    [{ S: { N: '4' } }, 4],
    [
      { points: { N: '2500' }, plain: 'p' },
      { points: 2500, plain: 'p' },
    ],
    [
      { S: 'x', other: 1 },
      { S: 'x', other: 1 },
    ],
  ])('%j → %j', (input, expected) => {
    expect(unwrap(input)).toEqual(expected);
  });

  it('trims text and defaults numbers to 0', () => {
    expect(toText({ S: '  Honda  ' })).toBe('Honda');
    expect(toText(undefined)).toBe('');
    expect(toText(42)).toBe('42');
    expect(toNumber(undefined)).toBe(0);
    expect(toNumber('$1,200.50')).toBe(1200.5);
    expect(toNumber('twelve')).toBe(0);
    expect(toNumber(Number.NaN)).toBe(0);
    expect(toRecord([1])).toEqual({});
    expect(toList({ L: [{ S: 'a' }] })).toEqual(['a']);
    expect(firstOf({ a: ' ', b: null, c: 'x' }, ['a', 'b', 'c'])).toBe('x');
  });

  it('never throws on arbitrary JSON, and the helpers keep their types', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        unwrap(value);
        expect(typeof toText(value)).toBe('string');
        expect(Number.isFinite(toNumber(value))).toBe(true);
        expect(Array.isArray(toList(value))).toBe(true);
        expect(typeof toRecord(value)).toBe('object');
      }),
      { numRuns: 500 },
    );
  });

  it('reads a number wrapper around an object as 0, also an object without a prototype', () => {
    // fast-check's counterexample: Number() of an object without a prototype throws.
    const bare = Object.assign(Object.create(null) as object, { S: '' });
    expect(unwrap({ M: { N: bare } })).toBe(0);
    expect(unwrap({ N: { S: '12' } })).toBe(0);
    expect(unwrap({ N: '12' })).toBe(12);
    expect(unwrap({ N: true })).toBe(1);
  });

  it('never throws on arbitrary typed-value nesting', () => {
    const typed = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.record({ S: fc.string() }),
        fc.record({ N: fc.oneof(fc.string(), fc.double()) }),
        fc.record({ BOOL: fc.boolean() }),
        fc.record({ L: fc.array(tie('node'), { maxLength: 3 }) }),
        fc.record({ M: fc.dictionary(fc.string(), tie('node'), { maxKeys: 3 }) }),
        fc.jsonValue(),
      ),
    }));
    fc.assert(
      fc.property(typed.node, (value) => void unwrap(value)),
      { numRuns: 300 },
    );
  });
});
