/** The two YAML 1.1 parsers the YAML test compares with `yaml` (they ship no types). */
declare module 'js-yaml3' {
  /** js-yaml 3's safe loader (YAML 1.1, as Dredd 14 reads its configuration). */
  export function safeLoad(text: string): unknown;
}

declare module 'yaml-js' {
  /** yaml-js (a PyYAML port, YAML 1.1): what Dredd 14's OpenAPI parsers read the contract with. */
  export function load(text: string): unknown;
}
