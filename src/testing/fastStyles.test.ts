import { requiredClasses } from './fastStyles';

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

  it('reads the classes a selector’s subject must carry, and gives up when unsure', () => {
    expect(requiredClasses('.css-1a-root')).toEqual(['css-1a-root']);
    expect(requiredClasses('.css-1a-root.Mui-disabled:hover')).toEqual([
      'css-1a-root',
      'Mui-disabled',
    ]);
    expect(
      requiredClasses(
        'label[data-shrink=false]+.MuiInputBase-formControl .css-2b-input::placeholder',
      ),
    ).toEqual(['css-2b-input']);
    expect(requiredClasses('.a > .b:not(.c)')).toEqual(['b']);
    expect(requiredClasses('.a .b[title="x y"]')).toBeNull();
    expect(requiredClasses('.a, .b')).toBeNull();
    expect(requiredClasses('div:hover')).toBeNull();
    expect(requiredClasses(undefined)).toBeNull();
  });
});
