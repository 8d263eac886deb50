import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { server } from './server';

// The first render of a route loads its page's chunk (compiled on first use): on a busy
// machine that can take more than the default 1 s that findBy* / waitFor wait.
configure({ asyncUtilTimeout: 4000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => server.close());
