/**
 * Every operation that writes lists the 503 the API answers when another process held the
 * database's write lock for the whole of the request's wait (the shared `ServiceBusy` response,
 * with `Retry-After`): clients learn from the contract that it may come and that nothing was
 * stored (docs/architecture.md, "When another process holds the write lock").
 */
import { loadOpenApi } from '../../domain/contract/openapi';

const doc = loadOpenApi();
const SERVICE_BUSY = '#/components/responses/ServiceBusy';

it('lists ServiceBusy (503) on every POST, PUT and DELETE', () => {
  const missing: string[] = [];
  let writes = 0;
  for (const [apiPath, item] of Object.entries(doc.paths)) {
    for (const method of ['post', 'put', 'delete'] as const) {
      const op = (item as Record<string, { responses?: Record<string, { $ref?: string }> }>)[
        method
      ];
      if (!op) continue;
      writes += 1;
      if (op.responses?.['503']?.$ref !== SERVICE_BUSY)
        missing.push(`${method.toUpperCase()} ${apiPath}`);
    }
  }
  expect(writes).toBeGreaterThan(20);
  expect(missing).toEqual([]);
});

it('ServiceBusy carries Retry-After and the error body', () => {
  const busy = (
    doc.components as {
      responses: Record<string, { headers?: Record<string, unknown>; content?: unknown }>;
    }
  ).responses.ServiceBusy;
  expect(busy?.headers).toHaveProperty('Retry-After');
  expect(busy?.content).toEqual({
    'application/json': expect.objectContaining({
      schema: { $ref: '#/components/schemas/Error' },
    }) as unknown,
  });
});
