import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('writes each character HTML would read as markup as an entity', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('escapes an ampersand once, so an entity typed by someone stays their text', () => {
    expect(escapeHtml('&lt;script&gt;')).toBe('&amp;lt;script&amp;gt;');
  });

  it('leaves plain text as it is', () => {
    expect(escapeHtml('Triangle Shine · (919) 555-0100 · café')).toBe(
      'Triangle Shine · (919) 555-0100 · café',
    );
  });
});
