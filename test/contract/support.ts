/** Shared by the contract suites: a seeded server/, and which operation a request went to. */
import { listOperations, loadOpenApi } from '../../domain/contract/openapi';
import { seedDemoCustomer } from '../../server/seed';
import type { ServerOptions } from '../../server/platform/config';
import {
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  type TestApi,
} from '../server/helpers';

/** server/ on a temporary database with a seeded demo customer and their id token. */
export interface SeededApi {
  api: TestApi;
  /** The stand-in identity provider that signs the tokens. */
  idp: IdentityProvider;
  /** An id token of the seeded customer. */
  token: string;
  close(): Promise<void>;
}

export async function startSeededApi(
  demo: { sub: string; email: string; name: string },
  overrides: Partial<ServerOptions> = {},
): Promise<SeededApi> {
  const idp = await startIdentityProvider();
  const api = await startApi(idp, overrides);
  await seedDemoCustomer({ databasePath: api.databasePath, picturesDir: api.picturesDir }, demo);
  return {
    api,
    idp,
    token: await idp.idToken(demo.sub, demo.email),
    close: async () => {
      await api.close();
      await idp.close();
    },
  };
}

const operations = listOperations(loadOpenApi());

/** The operationId a request went to, by method and path (`undefined` when none). */
export function operationOf(method: string, pathname: string): string | undefined {
  return operations.find(
    (candidate) =>
      candidate.method.toUpperCase() === method.toUpperCase() &&
      new RegExp(`^${candidate.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname),
  )?.operationId;
}
