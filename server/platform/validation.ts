/**
 * Request validation against openapi.yaml: an operation's path, query and header parameters
 * and its body are checked with validators compiled from the contract (./openapi.ts); a
 * mismatch answers 400 with what was wrong.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';
import {
  describeErrors,
  type JsonSchema,
  type OperationSpec,
  type ParameterLocation,
  type SchemaCompiler,
} from '../../domain/contract/openapi';
import type { Context } from './operationTypes';

type ValidateFunction = ReturnType<SchemaCompiler['compile']>;
type Compile = (schema: JsonSchema) => ValidateFunction;

export interface RequestValidators {
  params: Partial<Record<ParameterLocation, ValidateFunction>>;
  body?: { required: boolean; validate: ValidateFunction };
}

export function compileRequestValidators(
  op: OperationSpec,
  compileParams: Compile,
  compileBody: Compile,
): RequestValidators {
  const params: RequestValidators['params'] = {};
  for (const location of ['path', 'query', 'header'] as const) {
    const list = op.parameters.filter((param) => param.in === location);
    if (list.length === 0) continue;
    const key = (name: string) => (location === 'header' ? name.toLowerCase() : name);
    params[location] = compileParams({
      type: 'object',
      properties: Object.fromEntries(list.map((param) => [key(param.name), param.schema])),
      required: list.filter((param) => param.required).map((param) => key(param.name)),
    });
  }
  const body = op.requestBody
    ? { required: op.requestBody.required, validate: compileBody(op.requestBody.schema) }
    : undefined;
  return { params, body };
}

const locationLabel: Record<ParameterLocation, string> = {
  path: 'params',
  query: 'query',
  header: 'headers',
};

export function validateRequest(
  validators: RequestValidators,
  request: FastifyRequest,
): Pick<Context, 'params' | 'query' | 'body'> {
  const values: Record<ParameterLocation, Record<string, unknown>> = {
    path: { ...(request.params as Record<string, unknown>) },
    query: { ...(request.query as Record<string, unknown>) },
    header: { ...request.headers },
  };
  for (const location of ['path', 'query', 'header'] as const) {
    const validate = validators.params[location];
    if (validate && !validate(values[location])) {
      throw badRequest(describeErrors(locationLabel[location], validate.errors));
    }
  }
  const body: unknown = request.body;
  if (validators.body) {
    if (body === undefined || body === null) {
      if (validators.body.required) throw badRequest('body is required (a JSON object)');
    } else if (!validators.body.validate(body)) {
      throw badRequest(describeErrors('body', validators.body.validate.errors));
    }
  }
  return { params: values.path, query: values.query, body };
}
