import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { server } from './server';

// Lazy routes load real modules: on a busy 2-core machine that takes longer than RTL's 1 s default.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => server.close());
