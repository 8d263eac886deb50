/**
 * MSW handlers typed by the contract: `contractHttp.get('/profile/me', resolver)` takes a path
 * of openapi.yaml as written there ({id} for a parameter, which the resolver's `params` has),
 * gives the resolver the request body typed, and the resolver must answer an `HttpResponse` of
 * one of the bodies that operation declares (domain/contract/schema.generated.ts), so a handler
 * that answers a wrong shape is a compile error. An answer the contract deliberately does not
 * declare (a legacy backend's shapes, a malformed body) uses msw's `http`, with a comment.
 */
import {
  http,
  type DefaultBodyType,
  type HttpHandler,
  type HttpResponse,
  type HttpResponseResolver,
} from 'msw';
import type { paths } from '../../domain/contract/schema.generated';
import { apiUrl } from './api';

type Method = 'get' | 'post' | 'put' | 'delete';

/** The contract's paths that have an operation for `M`. */
type PathOf<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: object } ? P : never;
}[keyof paths];

/** A JSON body of a request or answer; null for an answer without a body. */
type JsonOf<Part> = Part extends { content: { 'application/json': infer Body } }
  ? Body
  : Part extends { content?: never }
    ? null
    : never;

type Operation<M extends Method, P extends PathOf<M>> = paths[P][M];
type RequestBodyOf<Op> = Op extends { requestBody: infer Body }
  ? JsonOf<Body>
  : Op extends { requestBody?: infer Body }
    ? [Body] extends [undefined]
      ? DefaultBodyType
      : JsonOf<NonNullable<Body>>
    : DefaultBodyType;
/** Any answer the operation declares (its successes and its errors). */
type ResponseBodyOf<Op> = Op extends { responses: infer Responses }
  ? { [Status in keyof Responses]: JsonOf<Responses[Status]> }[keyof Responses]
  : never;

/** The parameters a path names: `/bookings/{id}/claim` gives `{ id: string }`. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
export type ParamsOf<P extends string> = { [Name in ParamNames<P>]: string };

/**
 * An answer the operation declares. Only an `HttpResponse` of a declared body: msw also lets a
 * resolver return any `Response` (its body unchecked), which this leaves out.
 */
export type ContractAnswer<M extends Method, P extends PathOf<M>> = HttpResponse<
  ResponseBodyOf<Operation<M, P>>
>;

type MswResolver<M extends Method, P extends PathOf<M>> = HttpResponseResolver<
  ParamsOf<P>,
  RequestBodyOf<Operation<M, P>>,
  ResponseBodyOf<Operation<M, P>>
>;

/** msw's resolver for the operation, answering a declared body or nothing (the next handler). */
export type ContractResolver<M extends Method, P extends PathOf<M>> = (
  info: Parameters<MswResolver<M, P>>[0],
) => ContractAnswer<M, P> | undefined | Promise<ContractAnswer<M, P> | undefined>;

/** openapi.yaml's `/bookings/{id}` as MSW's `/bookings/:id`, under the API's base URL. */
const route = (path: string) => apiUrl(path.replace(/\{([^}]+)\}/g, ':$1'));

const handlerFor =
  <M extends Method>(method: M) =>
  <P extends PathOf<M>>(path: P, resolver: ContractResolver<M, P>): HttpHandler =>
    http[method](route(path), resolver);

export const contractHttp = {
  get: handlerFor('get'),
  post: handlerFor('post'),
  put: handlerFor('put'),
  delete: handlerFor('delete'),
};
