/**
 * The machinery of the contract check: sends requests for named openapi.yaml operations,
 * validates every answer against that operation's declared responses (status, media type,
 * schema, headers), and keeps a per-operation record of checks.
 */
import {
  createSchemaCompiler,
  listOperations,
  type OpenApiDocument,
  type OperationSpec,
  type SchemaCompiler,
} from '../../domain/contract/openapi';
import type { OperationId } from '../../domain/contract/types';

/** An operation of the contract checked here; its id is one of the generated schema's. */
export type ContractOperation = OperationSpec & { operationId: OperationId };

/** openapi.yaml's operations; their ids are the generated schema's (`npm run codegen:check`). */
export const contractOperations = (doc: OpenApiDocument) =>
  listOperations(doc) as ContractOperation[];

export interface CheckResult {
  label: string;
  ok: boolean;
  reason?: string;
}

export type OperationStatus = 'PASS' | 'FAIL' | 'SKIP';

export interface OperationResult {
  operationId: OperationId;
  method: string;
  path: string;
  status: OperationStatus;
  checks: CheckResult[];
  note?: string;
}

export interface Exchange {
  status: number;
  headers: Headers;
  contentType: string;
  /** Raw body text ('' when empty; binary bodies are not decoded). */
  text: string;
  /** Parsed JSON body, or undefined. */
  json: unknown;
  url: string;
}

export interface RequestSpec {
  params?: Record<string, string>;
  query?: Record<string, string>;
  token?: string | null;
  body?: unknown;
  /** Sent as is (bytes for a multipart upload). */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

export type Expectation = (exchange: Exchange) => string | undefined;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const asRecord = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function mediaMatches(declared: string, actual: string): boolean {
  if (declared === actual) return true;
  if (declared.endsWith('/*')) return actual.startsWith(declared.slice(0, -1));
  return declared === '*/*';
}

function shorten(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

export class ContractRun {
  readonly operations: ContractOperation[];
  private readonly byId = new Map<string, ContractOperation>();
  private readonly results = new Map<OperationId, CheckResult[]>();
  private readonly notes = new Map<OperationId, string>();
  private readonly compiler: SchemaCompiler;
  private readonly validators = new Map<object, ReturnType<SchemaCompiler['compile']>>();
  /** Sent to operations that use a token, unless a request says `token` (null: none). */
  defaultToken: string | undefined;

  constructor(
    doc: OpenApiDocument,
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.operations = contractOperations(doc);
    for (const op of this.operations) this.byId.set(op.operationId, op);
    this.compiler = createSchemaCompiler(doc);
  }

  has(operationId: OperationId): boolean {
    return this.byId.has(operationId);
  }

  operation(operationId: OperationId): ContractOperation {
    const op = this.byId.get(operationId);
    if (!op) throw new Error(`openapi.yaml has no operation ${operationId}`);
    return op;
  }

  note(operationId: OperationId, text: string): void {
    this.notes.set(operationId, text);
  }

  record(operationId: OperationId, check: CheckResult): void {
    const list = this.results.get(operationId) ?? [];
    list.push(check);
    this.results.set(operationId, list);
  }

  /** The URL of an operation with its path parameters and query filled in. */
  url(operationId: OperationId, spec: RequestSpec = {}): string {
    const op = this.operation(operationId);
    const filled = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(spec.params?.[name] ?? ''),
    );
    const query = new URLSearchParams(spec.query ?? {}).toString();
    return `${this.baseUrl}${filled}${query ? `?${query}` : ''}`;
  }

  async send(operationId: OperationId, spec: RequestSpec = {}): Promise<Exchange> {
    const op = this.operation(operationId);
    const token =
      'token' in spec ? spec.token : op.security === 'none' ? undefined : this.defaultToken;
    return this.fetchUrl(this.url(operationId, spec), op.method.toUpperCase(), { ...spec, token });
  }

  async fetchUrl(url: string, method: string, spec: RequestSpec = {}): Promise<Exchange> {
    const headers: Record<string, string> = {
      // text/html: the page of an e-mail's unsubscribe link (showEmailOptOut, optOutOfEmail);
      // text/calendar: the owner's calendar feed (getCalendarFeed).
      accept: 'application/json, image/*, text/html, text/calendar',
      ...spec.headers,
    };
    if (spec.token) headers.authorization = `Bearer ${spec.token}`;
    let body: string | Uint8Array<ArrayBuffer> | undefined = spec.rawBody;
    if (spec.body !== undefined) body = JSON.stringify(spec.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await this.fetchImpl(url, { method, headers, body, redirect: 'manual' });
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
    let text = '';
    let json: unknown;
    if (contentType.startsWith('image/')) {
      text = `<${(await response.arrayBuffer()).byteLength} bytes>`;
    } else {
      text = await response.text();
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    return { status: response.status, headers: response.headers, contentType, text, json, url };
  }

  /** Problems of an answer against the operation's declared responses ('' when none). */
  conformance(operationId: OperationId, exchange: Exchange): string {
    const op = this.operation(operationId);
    const declared =
      op.responses[String(exchange.status)] ??
      op.responses[`${String(exchange.status)[0]}XX`] ??
      op.responses.default;
    if (!declared) {
      const known = Object.keys(op.responses).join(', ');
      return `status ${exchange.status} is not declared (declared: ${known}); body: ${shorten(exchange.text)}`;
    }
    const problems: string[] = [];
    for (const header of declared.headers) {
      if (!exchange.headers.has(header)) problems.push(`missing header ${header}`);
    }
    const media = Object.keys(declared.content);
    if (media.length === 0) {
      if (exchange.text !== '') problems.push(`expected no body, got ${shorten(exchange.text)}`);
      return problems.join('; ');
    }
    const type = media.find((candidate) => mediaMatches(candidate, exchange.contentType));
    if (!type) {
      problems.push(`content type "${exchange.contentType}" is not one of ${media.join(', ')}`);
      return problems.join('; ');
    }
    const schema = declared.content[type];
    if (schema && type.includes('json')) {
      if (exchange.json === undefined) {
        problems.push(`body is not JSON: ${shorten(exchange.text)}`);
      } else {
        let validate = this.validators.get(schema);
        if (!validate) {
          validate = this.compiler.compile(schema);
          this.validators.set(schema, validate);
        }
        if (!validate(exchange.json)) {
          const errors = (validate.errors ?? [])
            .slice(0, 3)
            .map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''}`.trim());
          problems.push(`body does not match the ${exchange.status} schema: ${errors.join('; ')}`);
        }
      }
    }
    return problems.join('; ');
  }

  /**
   * Sends a request and records one check: the status is one of `expected`, the answer
   * conforms to the operation's declared responses, and `extra` finds nothing wrong.
   * Returns the exchange (also when the check failed, so later steps can go on with the
   * ids it carries), or undefined when the request itself failed.
   */
  async check(
    operationId: OperationId,
    label: string,
    spec: RequestSpec,
    expected: number | number[],
    extra?: Expectation,
  ): Promise<Exchange | undefined> {
    let exchange: Exchange;
    try {
      exchange = await this.send(operationId, spec);
    } catch (error) {
      this.record(operationId, { label, ok: false, reason: `request failed: ${String(error)}` });
      return undefined;
    }
    return this.judge(operationId, label, exchange, expected, extra);
  }

  judge(
    operationId: OperationId,
    label: string,
    exchange: Exchange,
    expected: number | number[],
    extra?: Expectation,
  ): Exchange {
    const statuses = Array.isArray(expected) ? expected : [expected];
    const problems: string[] = [];
    if (!statuses.includes(exchange.status)) {
      problems.push(
        `expected ${statuses.join(' or ')}, got ${exchange.status}: ${shorten(exchange.text)}`,
      );
    }
    const conformance = this.conformance(operationId, exchange);
    if (conformance) problems.push(conformance);
    if (problems.length === 0 && extra) {
      const problem = extra(exchange);
      if (problem) problems.push(problem);
    }
    const ok = problems.length === 0;
    this.record(operationId, { label, ok, reason: ok ? undefined : problems.join('; ') });
    return exchange;
  }

  /** Records that a check could not run because an earlier step failed. */
  blocked(operationId: OperationId, label: string, because: string): void {
    this.record(operationId, { label, ok: false, reason: `not run: ${because}` });
  }

  summary(): OperationResult[] {
    return this.operations.map((op) => {
      const checks = this.results.get(op.operationId) ?? [];
      const status: OperationStatus =
        checks.length === 0 ? 'SKIP' : checks.every((check) => check.ok) ? 'PASS' : 'FAIL';
      return {
        operationId: op.operationId,
        method: op.method.toUpperCase(),
        path: op.path,
        status,
        checks,
        note:
          this.notes.get(op.operationId) ??
          (checks.length === 0 ? 'no check for this operation in the contract check' : undefined),
      };
    });
  }
}

export function formatReport(
  results: readonly OperationResult[],
  heading: string,
  options: { verbose?: boolean } = {},
): string {
  const lines = [heading, ''];
  const idWidth = Math.max(...results.map((result) => result.operationId.length));
  const pathWidth = Math.max(...results.map((result) => result.path.length));
  for (const result of results) {
    const failed = result.checks.filter((check) => !check.ok);
    const count = `${result.checks.length} check${result.checks.length === 1 ? '' : 's'}`;
    const summary = failed.length > 0 ? `${failed.length} of ${count} failed` : count;
    const note = result.note ? ` (${result.note})` : '';
    lines.push(
      `${result.status}  ${result.operationId.padEnd(idWidth)}  ${result.method.padEnd(6)} ${result.path.padEnd(pathWidth)}  ${summary}${note}`,
    );
    for (const check of result.checks) {
      if (!check.ok) lines.push(`        ✗ ${check.label}: ${check.reason ?? ''}`);
      else if (options.verbose) lines.push(`        ✓ ${check.label}`);
    }
  }
  const count = (status: OperationStatus) =>
    results.filter((result) => result.status === status).length;
  lines.push(
    '',
    `${results.length} operations: ${count('PASS')} passed, ${count('FAIL')} failed, ${count('SKIP')} skipped`,
  );
  return lines.join('\n');
}
