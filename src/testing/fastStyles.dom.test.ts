import { fastStylesMarker, matchesEveryCandidate, selectorKeys } from './fastStyles';

/** How many whole computed styles, and declarations from the index, were built so far. */
const built = () =>
  (window as unknown as Record<symbol, { wholeStyles: number; declarations: number } | undefined>)[
    fastStylesMarker
  ];
const wholeStyles = () => built()?.wholeStyles;

describe('the test environment’s computed styles', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('answers the same object while nothing changed (the shortcut is installed)', () => {
    document.body.innerHTML = '<p>text</p>';
    const p = document.querySelector('p')!;
    expect(window.getComputedStyle(p)).toBe(window.getComputedStyle(p));
  });

  it('follows a class, an inline style, a new style sheet and an ancestor that change', () => {
    document.head.innerHTML =
      '<style>.gone { display: none } .ghost .inner { visibility: hidden }</style>';
    document.body.innerHTML = '<div id="outer"><span class="inner">x</span></div>';
    const outer = document.getElementById('outer')!;
    const inner = outer.querySelector('span')!;
    expect(window.getComputedStyle(inner).display).not.toBe('none');
    expect(window.getComputedStyle(inner).visibility).toBe('visible');

    inner.classList.add('gone');
    expect(window.getComputedStyle(inner).display).toBe('none');
    inner.classList.remove('gone');
    expect(window.getComputedStyle(inner).display).not.toBe('none');

    outer.className = 'ghost';
    expect(window.getComputedStyle(inner).visibility).toBe('hidden');
    outer.className = '';
    outer.style.visibility = 'hidden';
    expect(window.getComputedStyle(inner).visibility).toBe('hidden');
    outer.style.visibility = '';
    expect(window.getComputedStyle(inner).visibility).toBe('visible');

    const sheet = document.createElement('style');
    sheet.textContent = 'span { pointer-events: none }';
    document.head.append(sheet);
    expect(window.getComputedStyle(inner).pointerEvents).toBe('none');
  });

  it('files each rule under what its subject needs, and under nothing when unsure', () => {
    expect(selectorKeys('.css-1a-root')).toEqual(['.css-1a-root']);
    expect(selectorKeys('.css-1a-root.Mui-disabled:hover')).toEqual(['.css-1a-root']);
    expect(
      selectorKeys('label[data-shrink=false]+.MuiInputBase-formControl .css-2b-input::placeholder'),
    ).toEqual(['.css-2b-input']);
    expect(selectorKeys('.a > .b:not(.c)')).toEqual(['.b']);
    expect(selectorKeys('.a .b[title="x, y"]')).toEqual(['.b']);
    expect(selectorKeys('DIV.x, p, input[type="checkbox" i]')).toEqual(['.x', 'p', 'input']);
    expect(selectorKeys('.a, [hidden]')).toBeNull();
    expect(selectorKeys('div:hover > *')).toBeNull();
    expect(selectorKeys(':is(.a, .b)')).toBeNull();
    expect(selectorKeys('svg|rect')).toBeNull();
    expect(selectorKeys('.caf\\e9')).toBeNull();
    expect(selectorKeys('.a[title="x')).toBeNull();
    expect(selectorKeys(undefined)).toBeNull();
    // jsdom's own style sheet breaks its lists over lines.
    expect(selectorKeys('article h1,\n\taside h1')).toEqual(['h1', 'h1']);
  });

  it('skips the selector engine only for rules that match every element they are tried on', () => {
    expect(matchesEveryCandidate('.css-1a-root')).toBe(true);
    expect(matchesEveryCandidate('.a, .b')).toBe(true);
    expect(matchesEveryCandidate('*, *::before, *::after')).toBe(true);
    expect(matchesEveryCandidate('.a:hover')).toBe(false);
    expect(matchesEveryCandidate('.a.Mui-disabled')).toBe(false);
    expect(matchesEveryCandidate('.a .b')).toBe(false);
    expect(matchesEveryCandidate('.a, p')).toBe(false);
    expect(matchesEveryCandidate('*::before')).toBe(false);
    expect(matchesEveryCandidate('p')).toBe(false);
    expect(matchesEveryCandidate(undefined)).toBe(false);
  });

  it('applies lone classes and `*` where they match, and nothing that only looks like them', () => {
    document.head.innerHTML = `<style>
      *, *::before { cursor: pointer }
      .on { color: rgb(4, 4, 4) }
      .on:hover { display: none }
      .on.off { visibility: hidden }
    </style>`;
    document.body.innerHTML = '<div><span class="on">a</span><em>b</em></div>';
    const on = window.getComputedStyle(document.querySelector('.on')!);
    const em = window.getComputedStyle(document.querySelector('em')!);
    expect([on.cursor, on.color, on.display, on.visibility]).toEqual([
      'pointer',
      'rgb(4, 4, 4)',
      '',
      'visible',
    ]);
    expect([em.cursor, em.color === on.color]).toEqual(['pointer', false]);
  });

  it('gives the cascade of every rule that matches, in the document’s order', () => {
    document.head.innerHTML = `<style>
      p { color: rgb(1, 1, 1) }
      .x { color: rgb(2, 2, 2) }
      section > .x, aside { visibility: hidden }
      [data-off] { pointer-events: none }
      @media screen { p.late { color: rgb(3, 3, 3) } }
      @media (min-width: 600px) { .x { display: none } }
      #only:not(.y) { display: inline }
    </style>`;
    document.body.innerHTML = `
      <section><p id="only" class="x late" data-off>a</p></section>
      <aside><p class="y">b</p></aside>`;
    const [first, second] = Array.from(document.querySelectorAll('p'));
    const style = window.getComputedStyle(first!);
    expect([style.color, style.visibility, style.pointerEvents, style.display]).toEqual([
      'rgb(3, 3, 3)',
      'hidden',
      'none',
      'inline',
    ]);
    // Inherited from the aside; the default style sheet's `p` still applies.
    const other = window.getComputedStyle(second!);
    expect([other.color, other.visibility, other.display]).toEqual([
      'rgb(1, 1, 1)',
      'hidden',
      'block',
    ]);
  });

  it('sees a rule added through the CSSOM, as Emotion adds its rules', () => {
    document.head.innerHTML = '<style></style>';
    document.body.innerHTML = '<p class="later">x</p><p>y</p>';
    const [asked, fresh] = Array.from(document.querySelectorAll('p'));
    expect(window.getComputedStyle(asked!).visibility).toBe('visible');
    document.styleSheets[0]!.insertRule('.later, p + p { visibility: hidden }', 0);
    expect(window.getComputedStyle(fresh!).visibility).toBe('hidden');
    asked!.dataset['touched'] = '';
    expect(window.getComputedStyle(asked!).visibility).toBe('hidden');
  });

  it('answers display, visibility, opacity and pointer-events without building the rest', () => {
    document.head.innerHTML = '<style>.x { color: rgb(9, 9, 9); opacity: 0.5 }</style>';
    document.body.innerHTML = '<p class="x">a</p>';
    const before = wholeStyles();
    expect(before).toEqual(expect.any(Number));
    const style = window.getComputedStyle(document.querySelector('p')!);
    expect([style.display, style.visibility, style.opacity, style.pointerEvents]).toEqual([
      'block',
      'visible',
      '0.5',
      'auto',
    ]);
    expect(style.getPropertyValue('pointer-events')).toBe('auto');
    expect(wholeStyles()).toBe(before);

    expect(style.color).toBe('rgb(9, 9, 9)');
    expect(style.getPropertyValue('opacity')).toBe('0.5');
    expect(style).toBeInstanceOf(CSSStyleDeclaration);
    expect(Array.from(style)).toEqual(expect.arrayContaining(['display', 'color']));
    expect(wholeStyles()).toBe(before! + 1);
  });

  it('builds the whole style from the index: the element’s declaration and its ancestors’', () => {
    document.body.innerHTML = '<p class="x">a</p>';
    const before = built()!.declarations;
    expect(window.getComputedStyle(document.querySelector('p')!).color).toBe('canvastext');
    // The paragraph, body and html (whose colours the paragraph inherits).
    expect(built()!.declarations).toBe(before + 3);
  });

  it('gives those four as jsdom does: inherited, unset, inline, and as they were when asked', () => {
    document.head.innerHTML = `<style>
      section { visibility: hidden; pointer-events: none }
      em { display: inline-block; pointer-events: auto }
      .shown { visibility: visible }
      .reset { pointer-events: unset; display: unset }
    </style>`;
    document.body.innerHTML = `
      <section><div><em class="shown reset">a</em><em style="display: none">b</em></div></section>`;
    const [shown, inline] = Array.from(document.querySelectorAll('em'));
    const style = window.getComputedStyle(shown!);
    // Visibility from its own rule; pointer-events unset, so inherited from the section.
    expect([style.visibility, style.pointerEvents, style.display]).toEqual(['visible', 'none', '']);
    const other = window.getComputedStyle(inline!);
    expect([other.visibility, other.display]).toEqual(['hidden', 'none']);

    shown!.className = '';
    // A style asked for before a change keeps its answers, as jsdom's does.
    expect([style.visibility, style.display]).toEqual(['visible', '']);
    const after = window.getComputedStyle(shown!);
    expect([after.visibility, after.display]).toEqual(['hidden', 'inline-block']);
  });
});
