import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The MSW server every web test runs against; tests add handlers with server.use(). */
export const server = setupServer(...handlers);
