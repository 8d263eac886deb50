/**
 * A mock built from the contract answers only what the contract allows: `prism mock` (static
 * mode: it answers with the contract's examples, or invents values where there are none) is
 * asked for every declared answer of every operation, with requests built from the
 * contract's own examples, and each answer is checked against the contract.
 */
import type { ChildProcess } from 'node:child_process';
import {
  contractOperations,
  ContractRun,
  type RequestSpec,
} from '../../scripts/contract-checker/contractCore';
import { loadOpenApi } from '../../domain/contract/openapi';
import type { OperationId } from '../../domain/contract/types';
import { startPrism, stopPrism } from './prism';

const doc = loadOpenApi();
const operations = contractOperations(doc);
let prism: ChildProcess;
let run: ContractRun;

beforeAll(async () => {
  const started = await startPrism(['mock', 'openapi.yaml']);
  prism = started.child;
  run = new ContractRun(doc, started.url);
}, 60_000);

afterAll(() => stopPrism(prism));

/** A request made of the operation's examples, with a (mock-accepted) bearer token. */
function exampleRequest(operationId: OperationId): RequestSpec {
  const op = run.operation(operationId);
  const spec: Required<Pick<RequestSpec, 'params' | 'query' | 'headers'>> & RequestSpec = {
    params: {},
    query: {},
    headers: {},
    token: op.security === 'none' ? null : 'mock-token',
  };
  for (const parameter of op.parameters) {
    const target =
      parameter.in === 'path' ? spec.params : parameter.in === 'query' ? spec.query : spec.headers;
    target[parameter.name] = String(parameter.example);
  }
  if (op.requestBody) spec.body = op.requestBody.example;
  // The one-click unsubscribe's body is form-encoded (RFC 8058).
  if (operationId === 'optOutOfEmail') {
    delete spec.body;
    spec.headers['content-type'] = 'application/x-www-form-urlencoded';
    spec.rawBody = 'List-Unsubscribe=One-Click';
  }
  // The owner's picture uploads are the multipart bodies (their handlers read them).
  if (operationId === 'uploadOwnerPicture' || operationId === 'uploadOwnerGalleryPicture') {
    const boundary = 'contract-boundary';
    const [field, value] =
      operationId === 'uploadOwnerPicture' ? ['description', 'After'] : ['alt', 'A clean car'];
    spec.headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    spec.rawBody = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="${field}"`,
      '',
      value,
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="after.jpg"',
      'Content-Type: image/jpeg',
      '',
      'jpeg bytes',
      `--${boundary}--`,
      '',
    ].join('\r\n');
  }
  return spec;
}

const answers = operations.flatMap((op) =>
  Object.keys(op.responses).map((status) => [op.operationId, status] as const),
);

it.each(answers)('%s: the mock answer %s conforms', async (operationId, status) => {
  const spec = exampleRequest(operationId);
  const exchange = await run.send(operationId, {
    ...spec,
    headers: { ...spec.headers, prefer: `code=${status}` },
  });
  expect(exchange.status).toBe(Number(status));
  expect(run.conformance(operationId, exchange)).toBe('');
});
