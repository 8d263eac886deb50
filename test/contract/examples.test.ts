/**
 * Every parameter, request body and response body of openapi.yaml has an example, and every
 * example (and every `examples` of a schema) is valid against its schema. Mocks (Prism) answer
 * with these examples and testers send them, so an example that breaks its own schema makes
 * a mock answer what no backend may, and a missing one makes a mock invent `"string"`.
 */
import {
  createSchemaCompiler,
  deref,
  describeErrors,
  exampleValues as examplesOf,
  loadOpenApi,
  type JsonSchema,
} from '../../domain/contract/openapi';

const doc = loadOpenApi();
const compiler = createSchemaCompiler(doc);
const methods = ['get', 'put', 'post', 'delete', 'patch'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const exampleValues = (holder: Record<string, unknown>) => examplesOf(doc, holder);

/** Schemas of binary media (images) have no JSON example to give. */
const isBinary = (schema: unknown) => isRecord(schema) && schema.format === 'binary';

interface Place {
  where: string;
  schema: JsonSchema;
  holder: Record<string, unknown>;
}

function places(): Place[] {
  const found: Place[] = [];
  const media = (where: string, content: unknown) => {
    for (const [type, raw] of Object.entries(isRecord(content) ? content : {})) {
      const object = isRecord(raw) ? raw : {};
      if (isBinary(object.schema)) continue;
      found.push({
        where: `${where} ${type}`,
        schema: object.schema as JsonSchema,
        holder: object,
      });
    }
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of methods) {
      const op = item[method];
      if (!isRecord(op)) continue;
      const name = `${method.toUpperCase()} ${path}`;
      const own = Array.isArray(op.parameters) ? op.parameters : [];
      for (const raw of [...shared, ...own]) {
        const parameter = deref(doc, raw);
        found.push({
          where: `${name} ${String(parameter.in)} parameter ${String(parameter.name)}`,
          schema: parameter.schema as JsonSchema,
          holder: parameter,
        });
      }
      if (op.requestBody !== undefined) {
        media(`${name} request body`, deref(doc, op.requestBody).content);
      }
      for (const [status, raw] of Object.entries(isRecord(op.responses) ? op.responses : {})) {
        media(`${name} ${status} answer`, deref(doc, raw).content);
      }
    }
  }
  return found;
}

it('finds the places to check (every operation has answers with bodies)', () => {
  expect(places().length).toBeGreaterThan(100);
});

it('has an example for every parameter, request body and response body', () => {
  const missing = places()
    .filter((place) => exampleValues(place.holder).length === 0)
    .map((place) => place.where);
  expect(missing).toEqual([]);
});

it('has only examples that are valid against their schema', () => {
  const invalid: string[] = [];
  for (const place of places()) {
    const validate = compiler.compile(place.schema);
    for (const [label, value] of exampleValues(place.holder)) {
      if (!validate(value)) {
        invalid.push(`${place.where} ${label}: ${describeErrors('', validate.errors)}`);
      }
    }
  }
  expect(invalid).toEqual([]);
});

it('has only schema `examples` that are valid against their schema', () => {
  const invalid: string[] = [];
  const visit = (where: string, value: unknown) => {
    if (Array.isArray(value)) value.forEach((child, index) => visit(`${where}/${index}`, child));
    if (!isRecord(value)) return;
    if (Array.isArray(value.examples) && (typeof value.type === 'string' || '$ref' in value)) {
      const validate = compiler.compile(value as JsonSchema);
      value.examples.forEach((example, index) => {
        if (!validate(example))
          invalid.push(`${where} examples/${index}: ${describeErrors('', validate.errors)}`);
      });
    }
    for (const [key, child] of Object.entries(value)) visit(`${where}/${key}`, child);
  };
  visit('#/components', doc.components);
  visit('#/paths', doc.paths);
  expect(invalid).toEqual([]);
});
