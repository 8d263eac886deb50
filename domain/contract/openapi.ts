/**
 * openapi.yaml as data: its operations, their parameters, bodies, security and responses,
 * and JSON-schema validators compiled from it. The server validates requests with it and
 * the contract check (scripts/contract-checker/cli.ts) validates answers with it, so the contract is
 * the single source of truth for both.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { repoRoot } from '../paths';

export type JsonSchema = Record<string, unknown>;
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';
export type ParameterLocation = 'path' | 'query' | 'header';
/** `required`: bearer token needed; `optional`: anonymous or bearer; `none`: no token used. */
export type SecurityMode = 'required' | 'optional' | 'none';

export interface ParameterSpec {
  name: string;
  in: ParameterLocation;
  required: boolean;
  schema: JsonSchema;
  /** The parameter's (first) example, if it has one. */
  example?: unknown;
}

export interface ResponseSpec {
  description: string;
  /** Media type → schema (absent for bodiless answers such as 204). */
  content: Record<string, JsonSchema | undefined>;
  headers: string[];
}

export interface OperationSpec {
  operationId: string;
  method: HttpMethod;
  /** The OpenAPI path, e.g. `/vehicles/{id}`. */
  path: string;
  summary: string;
  security: SecurityMode;
  parameters: ParameterSpec[];
  requestBody?: { required: boolean; schema: JsonSchema; example?: unknown };
  responses: Record<string, ResponseSpec>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
  security?: Record<string, string[]>[];
}

/** openapi.yaml at the repository root. */
export const defaultSpecPath = path.join(repoRoot, 'openapi.yaml');

/** The id under which the whole document is known to ajv, so `#/components/...` refs resolve. */
const DOCUMENT_ID = 'openapi.json';
const methods: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function loadOpenApi(file: string = defaultSpecPath): OpenApiDocument {
  const doc: unknown = parse(readFileSync(file, 'utf8'));
  if (!isRecord(doc) || !isRecord(doc.paths) || !isRecord(doc.components)) {
    throw new Error(`${file} is not an OpenAPI document with paths and components`);
  }
  return doc as unknown as OpenApiDocument;
}

/** Follows an OpenAPI `$ref` such as `#/components/parameters/Id` (schema refs stay as they are). */
export function deref(doc: OpenApiDocument, value: unknown): Record<string, unknown> {
  let current: unknown = value;
  for (let hops = 0; isRecord(current) && typeof current.$ref === 'string'; hops += 1) {
    if (hops > 10 || !current.$ref.startsWith('#/'))
      throw new Error(`Cannot follow ${current.$ref}`);
    let target: unknown = doc;
    for (const part of current.$ref.slice(2).split('/')) {
      target = isRecord(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    }
    current = target;
  }
  if (!isRecord(current)) throw new Error('Broken $ref in openapi.yaml');
  return current;
}

/**
 * The examples of a parameter or media type object, named: its `example`, or each entry of
 * its `examples` (an Example object or a `$ref` to one).
 */
export function exampleValues(
  doc: OpenApiDocument,
  holder: Record<string, unknown>,
): [string, unknown][] {
  if ('example' in holder) return [['example', holder.example]];
  if (!isRecord(holder.examples)) return [];
  return Object.entries(holder.examples).map(([name, example]) => [
    `examples.${name}`,
    deref(doc, example).value,
  ]);
}

function securityMode(requirements: unknown): SecurityMode {
  if (!Array.isArray(requirements) || requirements.length === 0) return 'none';
  const anonymous = requirements.some((item) => isRecord(item) && Object.keys(item).length === 0);
  return anonymous ? 'optional' : 'required';
}

/** Every operation of the document, in document order. */
export function listOperations(doc: OpenApiDocument): OperationSpec[] {
  const operations: OperationSpec[] = [];
  for (const [apiPath, pathItem] of Object.entries(doc.paths)) {
    const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
    for (const method of methods) {
      const op = pathItem[method];
      if (!isRecord(op)) continue;
      const own = Array.isArray(op.parameters) ? op.parameters : [];
      const parameters = [...shared, ...own].map((raw): ParameterSpec => {
        const param = deref(doc, raw);
        return {
          name: String(param.name),
          in: param.in as ParameterLocation,
          required: param.required === true,
          schema: isRecord(param.schema) ? param.schema : {},
          example: exampleValues(doc, param)[0]?.[1],
        };
      });
      let requestBody: OperationSpec['requestBody'];
      const body = op.requestBody === undefined ? undefined : deref(doc, op.requestBody);
      const media = isRecord(body?.content) ? body.content['application/json'] : undefined;
      // A multipart body (the owner's picture upload) is read and checked by its handler.
      if (body && isRecord(media)) {
        requestBody = {
          required: body.required === true,
          schema: isRecord(media) && isRecord(media.schema) ? media.schema : {},
          example: isRecord(media) ? exampleValues(doc, media)[0]?.[1] : undefined,
        };
      }
      const responses: Record<string, ResponseSpec> = {};
      for (const [status, raw] of Object.entries(isRecord(op.responses) ? op.responses : {})) {
        const response = deref(doc, raw);
        const content: Record<string, JsonSchema | undefined> = {};
        for (const [type, media] of Object.entries(
          isRecord(response.content) ? response.content : {},
        )) {
          content[type] = isRecord(media) && isRecord(media.schema) ? media.schema : undefined;
        }
        responses[status] = {
          description: String(response.description ?? ''),
          content,
          headers: Object.keys(isRecord(response.headers) ? response.headers : {}),
        };
      }
      operations.push({
        operationId: String(op.operationId),
        method,
        path: apiPath,
        summary: String(op.summary ?? ''),
        security: securityMode(op.security ?? doc.security),
        parameters,
        requestBody,
        responses,
      });
    }
  }
  return operations;
}

/** Rewrites local refs (`#/components/...`) so they point into the document registered with ajv. */
function anchorRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(anchorRefs);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof child === 'string' && child.startsWith('#/')
        ? `${DOCUMENT_ID}${child}`
        : anchorRefs(child);
  }
  return out;
}

export interface SchemaCompiler {
  compile(schema: JsonSchema): ValidateFunction;
}

/**
 * Compiles JSON schemas written against the document (JSON Schema 2020-12, as OpenAPI 3.1
 * uses). `coerceTypes` is for path, query and header values, which arrive as text.
 */
export function createSchemaCompiler(
  doc: OpenApiDocument,
  options: { coerceTypes?: boolean } = {},
): SchemaCompiler {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    validateSchema: false,
    coerceTypes: options.coerceTypes ?? false,
  });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(anchorRefs({ components: doc.components }) as JsonSchema, DOCUMENT_ID);
  return { compile: (schema) => ajv.compile(anchorRefs(schema) as JsonSchema) };
}

/** Ajv errors as one sentence per problem: `body/year must be integer`. */
export function describeErrors(
  location: string,
  errors: readonly ErrorObject[] | null | undefined,
): string {
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    let text = `${location}${error.instancePath} ${error.message ?? 'is invalid'}`;
    if (error.keyword === 'additionalProperties') {
      text = `${location}${error.instancePath} must not have the property '${String(error.params.additionalProperty)}'`;
    } else if (error.keyword === 'enum') {
      const allowed = (error.params.allowedValues as unknown[]).map(String).join(', ');
      text = `${location}${error.instancePath} must be one of: ${allowed}`;
    } else if (error.keyword === 'if' || error.keyword === 'oneOf' || error.keyword === 'anyOf') {
      if (seen.size > 0) continue;
    }
    seen.add(text);
    if (seen.size >= 5) break;
  }
  return seen.size > 0 ? [...seen].join('; ') : `${location} is invalid`;
}
