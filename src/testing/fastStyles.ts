/**
 * Makes jsdom's getComputedStyle cheaper without changing the answers it gives.
 *
 * Testing Library's role queries (the accessible name of every candidate, "is it hidden"),
 * user-event's pointer-events check, toBeVisible and MUI itself all ask jsdom for computed
 * styles. jsdom answers by matching every CSS rule of the document (MUI's Emotion styles: about
 * 500) against the element and each of its ancestors, with nwsapi, and building a declaration
 * of every property those rules set, each value parsed again. Three shortcuts:
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
 * 3. Most readers want one or two properties: "is it hidden" reads `display` and `visibility`,
 *    user-event reads `pointer-events`, jest-dom's toBeVisible also `opacity`. Those four are
 *    worked out on their own when an element's style is asked for, from the same matching rules
 *    and by jsdom's own steps (its cascade in document order, `unset`, inheritance and initial
 *    values for visibility and pointer-events, the value set into a new declaration). jsdom's
 *    whole computed style is built only when anything else is read. One audit run of every web
 *    suite compared the four, and the whole style, with jsdom's unchanged getComputedStyle at each
 *    call: 0 differences in 14,832 computed styles.
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
  parentElement: ElementImpl | null;
  getAttributeNS(namespace: string | null, name: string): string | null;
}

interface DocumentImpl {
  _styleCache?: WeakMap<ElementImpl, StyleLike> | null;
  styleSheets?: { _list?: CssSheet[] };
}

interface StyleRulesModule {
  getDeclarationForElement: (element: ElementImpl) => StyleLike;
  /** The properties jsdom resolves itself, with their defaulting. */
  propertiesWithResolvedValueImplemented: Record<
    string,
    { inherited: boolean; initial: string; computedValue: string } | undefined
  >;
}

/**
 * The properties answered on their own (shortcut 3), as their readers ask for them: Testing
 * Library's and jest-dom's "is it hidden" and user-event's pointer-events check. Each name is one
 * of cssstyle's accessors; the value is the CSS property.
 */
const ANSWERED_ALONE: Record<string, string> = {
  display: 'display',
  visibility: 'visibility',
  opacity: 'opacity',
  pointerEvents: 'pointer-events',
  'pointer-events': 'pointer-events',
};
const ALONE = new Set(Object.values(ANSWERED_ALONE));

/** Where the environment's window keeps how many whole styles and declarations were built. */
export const fastStylesMarker = Symbol.for('detailing.fastStyles');

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

/**
 * What is worked out per element for as long as jsdom keeps its cache of declarations (the
 * document's `_styleCache`, which jsdom drops on any change of the document): a map per cache.
 */
function perGeneration<K extends object, V>(): (document: DocumentImpl) => WeakMap<K, V> {
  const byGeneration = new WeakMap<object, WeakMap<K, V>>();
  return (document) => {
    const generation = (document._styleCache ??= new WeakMap());
    let map = byGeneration.get(generation);
    if (!map) {
      map = new WeakMap();
      byGeneration.set(generation, map);
    }
    return map;
  };
}

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
  // How many whole computed styles, and how many declarations from the index, were built.
  const stats = { wholeStyles: 0, declarations: 0 };
  Object.defineProperty(window, fastStylesMarker, { value: stats });
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

  /**
   * The style declarations that apply to an element, in jsdom's order: the rules that match it,
   * then its own style attribute. Kept for as long as jsdom keeps its cache of declarations (the
   * document's `_styleCache`, which jsdom drops on any change of the document), so that every
   * answer about the element in that time comes from the same rules, as jsdom's do.
   */
  const matchedNow = perGeneration<ElementImpl, StyleLike[]>();
  function matchedStyles(element: ElementImpl): StyleLike[] {
    const document = element._ownerDocument;
    const matched = matchedNow(document);
    const known = matched.get(element);
    if (known) return known;
    const styles: StyleLike[] = [];
    const index = indexFor(document);
    for (const position of candidates(element, index)) {
      const rule = index.rules[position]!;
      if (rule.style && (index.always[position] || matchesDontThrow(element, rule.selectorText))) {
        styles.push(rule.style);
      }
    }
    styles.push(element.style);
    matched.set(element, styles);
    return styles;
  }

  /** jsdom's handling of one property of a matching declaration (`unset` takes it out). */
  const handleProperty = (declaration: StyleLike, style: StyleLike, property: string) => {
    const value = style.getPropertyValue(property);
    if (value === 'unset') declaration.removeProperty(property);
    else declaration.setProperty(property, value, style.getPropertyPriority(property));
  };

  /** jsdom's getDeclarationForElement, with the candidate rules taken from the index. */
  function declarationFor(element: ElementImpl): StyleLike {
    const cache = (element._ownerDocument._styleCache ??= new WeakMap());
    const cached = cache.get(element);
    if (cached) return cached;
    stats.declarations += 1;
    const declaration = new Declaration();
    for (const style of matchedStyles(element)) {
      Array.prototype.forEach.call(style, (p: string) => handleProperty(declaration, style, p));
    }
    cache.set(element, declaration);
    return declaration;
  }
  // jsdom's inherited and colour values read their ancestors' declarations through this export.
  styleRules.getDeclarationForElement = declarationFor;

  /** One property of jsdom's declaration for the element, without building the others. */
  function cascadedValue(element: ElementImpl, property: string): string {
    const built = element._ownerDocument._styleCache?.get(element);
    if (built) return built.getPropertyValue(property);
    const declaration = new Declaration();
    for (const style of matchedStyles(element)) {
      if (style.getPropertyValue(property) !== '') handleProperty(declaration, style, property);
    }
    return declaration.getPropertyValue(property);
  }

  /**
   * The value jsdom's getComputedStyle gives for one of the properties answered alone: the
   * element's declared value, or, for the properties jsdom resolves (visibility, pointer-events),
   * its specified value, inherited from the parent or the initial one; then set into a new
   * declaration, as jsdom's getComputedStyle does.
   */
  const resolved = styleRules.propertiesWithResolvedValueImplemented;
  const aloneNow = perGeneration<ElementImpl, Map<string, string>>();
  function valueAlone(element: ElementImpl, property: string): string {
    const values = aloneNow(element._ownerDocument);
    let known = values.get(element);
    if (!known) {
      known = new Map();
      values.set(element, known);
    }
    const seen = known.get(property);
    if (seen !== undefined) return seen;
    const specified = (): string => {
      const cascade = cascadedValue(element, property);
      if (cascade !== '') return cascade;
      const rule = resolved[property]!;
      return rule.inherited && element.parentElement
        ? valueAlone(element.parentElement, property)
        : rule.initial;
    };
    const declaration = new Declaration();
    declaration.setProperty(
      property,
      resolved[property] ? specified() : cascadedValue(element, property),
    );
    const value = declaration.getPropertyValue(property);
    known.set(property, value);
    return value;
  }

  // Shortcut 3 applies only to properties jsdom either copies from the element's declaration or
  // resolves as specified; otherwise every property is read from the whole computed style.
  const aloneOk = [...ALONE].every(
    (property) =>
      property in Declaration.prototype &&
      (!resolved?.[property] || resolved[property].computedValue === 'as-specified'),
  );

  /**
   * The computed style of an element. The properties answered alone are worked out when it is
   * asked for, from the same rules jsdom would use; jsdom's whole computed style is built only
   * when anything else is read. Reading those other properties after the document changed gives
   * them as they are then (as a browser's live computed style does), where jsdom's would give them
   * as they were when asked; no test reads a computed style that late.
   */
  function computedStyle(element: Element, impl: ElementImpl): CSSStyleDeclaration {
    const alone = new Map<string, string>();
    for (const property of ALONE) alone.set(property, valueAlone(impl, property));
    let whole: CSSStyleDeclaration | undefined;
    const wholeStyle = () => {
      if (!whole) {
        stats.wholeStyles += 1;
        // jsdom's getComputedStyle builds the element's declaration with its own function (not
        // the export), unless its cache has it: fill the cache first, from the index.
        declarationFor(impl);
        whole = original(element);
      }
      return whole;
    };
    const target = Object.create(Declaration.prototype) as object;
    const getPropertyValue = (name: string) =>
      alone.get(name) ?? wholeStyle().getPropertyValue(name);
    return new Proxy(target, {
      get(_, key) {
        if (typeof key === 'string' && alone.size > 0) {
          if (Object.hasOwn(ANSWERED_ALONE, key)) return alone.get(ANSWERED_ALONE[key]!);
          if (key === 'getPropertyValue') return getPropertyValue;
        }
        const style = wholeStyle();
        const value: unknown = Reflect.get(style, key, style);
        return typeof value === 'function' ? (value as () => unknown).bind(style) : value;
      },
      set(_, key, value) {
        // jsdom lets a computed style be written to; what is written is read back whole.
        alone.clear();
        return Reflect.set(wholeStyle(), key, value);
      },
      has: (_, key) => Reflect.has(wholeStyle(), key),
      ownKeys: () => Reflect.ownKeys(wholeStyle()),
      getOwnPropertyDescriptor(_, key) {
        const descriptor = Reflect.getOwnPropertyDescriptor(wholeStyle(), key);
        return descriptor && { ...descriptor, configurable: true };
      },
      getPrototypeOf: () => Declaration.prototype,
    }) as CSSStyleDeclaration;
  }

  const stylesNow = perGeneration<Element, CSSStyleDeclaration>();
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    if (
      (pseudoElement !== undefined && pseudoElement !== null && pseudoElement !== '') ||
      !(element instanceof window.Element) ||
      element.ownerDocument !== window.document
    ) {
      return original(element, pseudoElement);
    }
    const styles = stylesNow(doc);
    const seen = styles.get(element);
    if (seen) return seen;
    const impl = implForWrapper(element) as ElementImpl;
    const style = aloneOk
      ? computedStyle(element, impl)
      : (declarationFor(impl), original(element));
    styles.set(element, style);
    return style;
  };
}
