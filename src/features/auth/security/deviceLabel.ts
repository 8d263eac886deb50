/**
 * A remembered device as a person knows it ("Firefox on macOS"). The pool keeps the name the
 * device gave itself when it was remembered, which Amplify takes from the browser (its
 * user-agent string or client hints); a name with neither a known browser nor a known system is
 * shown as it is.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bOPR\//, 'Opera'],
  [/Chrome|CriOS\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b|Chrome OS/, 'ChromeOS'],
  [/Mac OS X|\bmacOS\b|Macintosh/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (name: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(name))?.[1];

export function deviceLabel(name: string): string {
  const browser = first(name, BROWSERS);
  const system = first(name, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? (name.trim() || 'Unnamed device');
}
