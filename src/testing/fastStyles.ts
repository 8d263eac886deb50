/**
 * Makes jsdom's getComputedStyle cheaper without changing a single answer it gives.
 *
 * Testing Library's role queries (the accessible name of every candidate, "is it hidden"),
 * user-event's pointer-events check and toBeVisible all ask jsdom for computed styles, and
 * jsdom answers by matching every CSS rule in the document (MUI's Emotion styles: hundreds)
 * against the element and each of its ancestors. Two shortcuts:
 *
 * 1. The same element asked twice while nothing in the document changed gets the same answer.
 *    jsdom already keeps the matched declarations of each element until the next change of the
 *    document (it drops that cache on any node, attribute, text or style sheet change); we keep
 *    the whole computed style for exactly as long as jsdom keeps its cache.
 * 2. A rule whose last compound selector names a class cannot match an element without that
 *    class: we answer "no" before asking nwsapi. Selectors we cannot read for sure (commas,
 *    quotes, escapes) always go to nwsapi.
 *
 * Both rely on jsdom internals (its wrapper-to-implementation symbol, the document's style
 * cache and nwsapi instance); if those are missing (another jsdom), nothing is changed.
 */

interface DocumentImpl {
  _styleCache?: object | null;
  _nwsapiDontThrow?: { match(selector: string, element: Element): boolean };
}

function implOf(document: Document): DocumentImpl | undefined {
  const symbol = Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl');
  return symbol ? (document as unknown as Record<symbol, DocumentImpl>)[symbol] : undefined;
}

/** The classes an element must carry to match the selector, or null when unsure. */
export function requiredClasses(selector: unknown): string[] | null {
  // Rules without a selector (@font-face, @keyframes) reach nwsapi as they are.
  if (typeof selector !== 'string' || /[,"'\\]/.test(selector)) return null;
  // The last compound: scan back to the last combinator outside brackets and parentheses.
  let depth = 0;
  let start = 0;
  for (let i = selector.length - 1; i >= 0; i--) {
    const c = selector[i];
    if (c === ')' || c === ']') depth++;
    else if (c === '(' || c === '[') depth--;
    else if (depth === 0 && (c === ' ' || c === '>' || c === '+' || c === '~')) {
      start = i + 1;
      break;
    }
  }
  if (depth !== 0) return null;
  // Classes before any pseudo-class, attribute or function belong to the subject itself.
  const head = selector.slice(start).split(/[:[(]/, 1)[0] ?? '';
  const classes = [...head.matchAll(/\.([A-Za-z_-][\w-]*)/g)].map((m) => m[1] ?? '');
  return classes.length > 0 ? classes : null;
}

function installClassPrefilter(doc: DocumentImpl) {
  const nwsapi = doc._nwsapiDontThrow;
  if (!nwsapi) return;
  const match = nwsapi.match.bind(nwsapi);
  const known = new Map<string, string[] | null>();
  nwsapi.match = (selector, element) => {
    let classes = known.get(selector);
    if (classes === undefined) {
      classes = requiredClasses(selector);
      known.set(selector, classes);
    }
    if (classes && !classes.every((name) => element.classList.contains(name))) return false;
    return match(selector, element);
  };
}

export function installFastStyles(window: Window) {
  const doc = implOf(window.document);
  // Class names match case-sensitively only in no-quirks mode.
  if (!doc || !('_styleCache' in doc) || window.document.compatMode !== 'CSS1Compat') return;
  const original = window.getComputedStyle.bind(window);
  // jsdom creates nwsapi on the first match; ask once so that it exists.
  original(window.document.documentElement);
  installClassPrefilter(doc);

  const byGeneration = new WeakMap<object, WeakMap<Element, CSSStyleDeclaration>>();
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    if (
      (pseudoElement !== undefined && pseudoElement !== null && pseudoElement !== '') ||
      !(element instanceof Element) ||
      element.ownerDocument !== window.document
    ) {
      return original(element, pseudoElement);
    }
    const generation = doc._styleCache;
    const seen = generation ? byGeneration.get(generation)?.get(element) : undefined;
    if (seen) return seen;
    const style = original(element);
    const current = doc._styleCache;
    if (current) {
      let styles = byGeneration.get(current);
      if (!styles) {
        styles = new WeakMap();
        byGeneration.set(current, styles);
      }
      styles.set(element, style);
    }
    return style;
  };
}
