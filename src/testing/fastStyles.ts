/**
 * Makes jsdom's getComputedStyle cheaper without changing the answers it gives.
 *
 * Testing Library's role queries (the accessible name of every candidate, "is it hidden"),
 * user-event's pointer-events check, toBeVisible and MUI itself all ask jsdom for computed
 * styles. jsdom answers by matching every CSS rule of the document (MUI's Emotion styles: about
 * 500) against the element and each of its ancestors, with nwsapi. Two shortcuts:
 *
 * 1. The same element asked twice while nothing in the document changed gets the same answer.
 *    jsdom already keeps the matched declarations of each element until the next change of the
 *    document (it drops that cache on any node, attribute, text or style sheet change); we keep
 *    the whole computed style for exactly as long as jsdom keeps its cache.
 * 2. Rules are indexed by what their selectors' subjects require: a class, else an element name.
 *    An element is matched (by nwsapi, as before) only against the rules filed under its classes
 *    and its name, and the rules that have neither, in the document's order, so the cascade is
 *    the one jsdom builds. Selectors we cannot read for sure (escapes, non-ASCII, namespaces) are
 *    filed under nothing, so they are always tried.
 *
 * This runs in the test environment's own realm (src/testing/jsdomEnvironment.ts), where jsdom's
 * modules are the ones jsdom uses: the indexed matching replaces jsdom's
 * `getDeclarationForElement` for the ancestors it walks, and fills jsdom's own cache for the
 * element asked, which jsdom then reads. If jsdom's internals are not as expected, nothing is
 * changed. Emotion adds its rules with `insertRule`, which jsdom does not count as a change: the
 * index is checked against the style sheets' rule counts on every call, and rebuilt when they
 * differ, as jsdom reads the rules afresh for every element it has not cached.
 */

import { createRequire } from 'node:module';

interface StyleLike {
  readonly length: number;
  readonly [index: number]: string;
  getPropertyValue(property: string): string;
  getPropertyPriority(property: string): string;
  setProperty(property: string, value: string, priority?: string): void;
  removeProperty(property: string): string;
}

interface CssRule {
  selectorText?: string;
  style?: StyleLike;
  media?: ArrayLike<string>;
  cssRules?: ArrayLike<CssRule>;
}

interface CssSheet {
  cssRules: ArrayLike<CssRule>;
}

interface ElementImpl {
  _ownerDocument: DocumentImpl;
  localName: string;
  style: StyleLike;
  getAttributeNS(namespace: string | null, name: string): string | null;
}

interface DocumentImpl {
  _styleCache?: WeakMap<ElementImpl, StyleLike> | null;
  styleSheets?: { _list?: CssSheet[] };
}

interface StyleRulesModule {
  getDeclarationForElement: (element: ElementImpl) => StyleLike;
}

/** One key per selector of a list, that its subject requires: `.class` or an element name. */
export function selectorKeys(text: unknown): string[] | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  // CSS's other white space (jsdom's own style sheet breaks its lists over lines) is a space.
  const selector = text.replace(/[\t\n\f\r]/g, ' ');
  if (/[\\|]|[^\x20-\x7e]/.test(selector)) return null;
  // Split the list at commas outside brackets, parentheses and quotes; note where the last
  // compound (the subject) of each selector starts.
  const parts: { text: string; subject: number }[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  let subject = 0;
  for (let i = 0; i <= selector.length; i++) {
    const c = selector[i];
    if (quote) {
      if (c === quote) quote = '';
      else if (c === undefined) return null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && (c === ',' || c === undefined)) {
      parts.push({ text: selector.slice(start, i), subject: subject - start });
      start = i + 1;
      subject = i + 1;
    } else if (depth === 0 && (c === ' ' || c === '>' || c === '+' || c === '~')) {
      // The subject starts after the last combinator (or space) of the selector.
      subject = i + 1;
    }
    if (depth < 0) return null;
  }
  if (depth !== 0) return null;
  const keys: string[] = [];
  for (const { text, subject: at } of parts) {
    const key = compoundKey(text.slice(at).trim());
    if (!key) return null;
    keys.push(key);
  }
  return keys;
}

/** `.class` for the compound's first class, else its element name in lower case, else null. */
function compoundKey(compound: string): string | null {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < compound.length; i++) {
    const c = compound[i];
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && c === '.') {
      const name = /^[A-Za-z_-][\w-]*/.exec(compound.slice(i + 1))?.[0];
      return name ? `.${name}` : null;
    }
  }
  const element = /^[A-Za-z][\w-]*/.exec(compound)?.[0];
  return element ? element.toLowerCase() : null;
}

/**
 * Whether a rule matches every element it is a candidate for, so that nwsapi need not be asked:
 * a list of lone classes (`.css-1a-root`, `.a, .b`), as Emotion's base rules are, is filed under
 * its classes only, so a candidate has one of them (compared case-sensitively, as nwsapi does in
 * the no-quirks mode `installFastStyles` requires); a list with a lone `*` matches every element.
 */
export function matchesEveryCandidate(selector: unknown): boolean {
  if (typeof selector !== 'string') return false;
  const parts = selector.split(',').map((part) => part.trim());
  return parts.includes('*') || parts.every((part) => /^\.[A-Za-z_][\w-]*$/.test(part));
}

interface RuleIndex {
  /** The style sheets and their rule counts the index was built from. */
  sheets: CssSheet[];
  counts: number[];
  rules: CssRule[];
  /** Whether each rule matches every element it is a candidate for (`matchesEveryCandidate`). */
  always: boolean[];
  byKey: Map<string, number[]>;
  /** Positions of the rules filed under no key: tried for every element. */
  everywhere: number[];
}

const ASCII_WHITESPACE = /[\t\n\f\r ]+/;

export function installFastStyles(window: Window & typeof globalThis) {
  let fromJsdom: NodeJS.Require;
  try {
    // The test environment's realm: the very modules jsdom runs with, resolved as jsdom does.
    fromJsdom = createRequire(require.resolve('jsdom'));
  } catch {
    return;
  }
  const jsdomModule = (path: string): unknown => {
    try {
      return fromJsdom(path);
    } catch {
      return undefined;
    }
  };
  const styleRules = jsdomModule('./jsdom/living/helpers/style-rules.js') as
    StyleRulesModule | undefined;
  const selectors = jsdomModule('./jsdom/living/helpers/selectors.js') as
    { matchesDontThrow(element: ElementImpl, selector: string | undefined): boolean } | undefined;
  const utils = jsdomModule('./jsdom/living/generated/utils.js') as
    { implForWrapper(wrapper: object): unknown } | undefined;
  const defaultSheetText = jsdomModule('./jsdom/browser/default-stylesheet.js') as
    string | undefined;
  const cssom = jsdomModule('rrweb-cssom') as { parse(text: string): CssSheet } | undefined;
  const doc = utils?.implForWrapper(window.document) as DocumentImpl | undefined;
  if (
    !styleRules ||
    !selectors ||
    !utils ||
    !doc ||
    typeof defaultSheetText !== 'string' ||
    !cssom ||
    !Array.isArray(doc.styleSheets?._list) ||
    !('_styleCache' in doc) ||
    // Class names match case-sensitively only in no-quirks mode.
    window.document.compatMode !== 'CSS1Compat'
  ) {
    return;
  }
  const { matchesDontThrow } = selectors;
  const { implForWrapper } = utils;
  const original = window.getComputedStyle.bind(window);
  // The class of the declarations jsdom builds (cssstyle's, as jsdom requires it).
  const Declaration = Object.getPrototypeOf(original(window.document.documentElement))
    .constructor as new () => StyleLike;
  const defaultSheet = cssom.parse(defaultSheetText);
  const keysOf = new Map<string | undefined, string[] | null>();

  const state = new WeakMap<DocumentImpl, RuleIndex>();
  function indexFor(document: DocumentImpl): RuleIndex {
    const sheets = [defaultSheet, ...(document.styleSheets?._list ?? [])];
    const known = state.get(document);
    if (
      known &&
      known.sheets.length === sheets.length &&
      sheets.every((s, i) => s === known.sheets[i] && s.cssRules.length === known.counts[i])
    ) {
      return known;
    }
    // The rules in jsdom's order: `@media` rules that name `screen` bring their own rules.
    const rules: CssRule[] = [];
    for (const sheet of sheets) {
      for (const rule of Array.from(sheet.cssRules)) {
        if (rule.media) {
          if (Array.prototype.indexOf.call(rule.media, 'screen') !== -1) {
            rules.push(...Array.from(rule.cssRules ?? []));
          }
        } else {
          rules.push(rule);
        }
      }
    }
    const byKey = new Map<string, number[]>();
    const everywhere: number[] = [];
    rules.forEach((rule, position) => {
      let keys = keysOf.get(rule.selectorText);
      if (keys === undefined) {
        keys = selectorKeys(rule.selectorText);
        keysOf.set(rule.selectorText, keys);
      }
      if (!keys) {
        everywhere.push(position);
        return;
      }
      for (const key of new Set(keys)) {
        const list = byKey.get(key);
        if (list) list.push(position);
        else byKey.set(key, [position]);
      }
    });
    const index = {
      sheets,
      counts: sheets.map((s) => s.cssRules.length),
      rules,
      always: rules.map((rule) => matchesEveryCandidate(rule.selectorText)),
      byKey,
      everywhere,
    };
    state.set(document, index);
    return index;
  }

  function candidates(element: ElementImpl, index: RuleIndex): number[] {
    const lists = [index.everywhere];
    const name = index.byKey.get(element.localName.toLowerCase());
    if (name) lists.push(name);
    const classes = element.getAttributeNS(null, 'class');
    if (classes) {
      for (const c of new Set(classes.split(ASCII_WHITESPACE))) {
        const list = c ? index.byKey.get(`.${c}`) : undefined;
        if (list) lists.push(list);
      }
    }
    if (lists.length === 1) return index.everywhere;
    return [...new Set(lists.flat())].sort((a, b) => a - b);
  }

  /** jsdom's getDeclarationForElement, with the candidate rules taken from the index. */
  function declarationFor(element: ElementImpl): StyleLike {
    const document = element._ownerDocument;
    let cache = document._styleCache;
    if (!cache) cache = document._styleCache = new WeakMap();
    const cached = cache.get(element);
    if (cached) return cached;

    const declaration = new Declaration();
    const handleProperty = (style: StyleLike, property: string) => {
      const value = style.getPropertyValue(property);
      if (value === 'unset') declaration.removeProperty(property);
      else declaration.setProperty(property, value, style.getPropertyPriority(property));
    };
    const index = indexFor(document);
    for (const position of candidates(element, index)) {
      const rule = index.rules[position]!;
      if (index.always[position] || matchesDontThrow(element, rule.selectorText)) {
        const style = rule.style;
        if (style) Array.prototype.forEach.call(style, (p: string) => handleProperty(style, p));
      }
    }
    Array.prototype.forEach.call(element.style, (p: string) => handleProperty(element.style, p));
    cache.set(element, declaration);
    return declaration;
  }
  // jsdom's inherited and colour values read their ancestors' declarations through this export.
  styleRules.getDeclarationForElement = declarationFor;

  const byGeneration = new WeakMap<object, WeakMap<Element, CSSStyleDeclaration>>();
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    if (
      (pseudoElement !== undefined && pseudoElement !== null && pseudoElement !== '') ||
      !(element instanceof window.Element) ||
      element.ownerDocument !== window.document
    ) {
      return original(element, pseudoElement);
    }
    const generation = doc._styleCache;
    const seen = generation ? byGeneration.get(generation)?.get(element) : undefined;
    if (seen) return seen;
    // Fills jsdom's cache for the element, which jsdom's own getComputedStyle then reads.
    declarationFor(implForWrapper(element) as ElementImpl);
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
