import '@testing-library/jest-dom';
import { configure, getConfig } from '@testing-library/react';
import { server } from './server';

const printsTheDocument = getConfig().getElementError;

function getElementError(message: string | null, container: Element): Error {
  const config = getConfig() as { _disableExpensiveErrorDiagnostics?: boolean };
  if (config._disableExpensiveErrorDiagnostics) {
    const error = new Error();
    error.name = 'TestingLibraryElementError';
    let printed: string | undefined;
    Object.defineProperty(error, 'message', {
      get: () => (printed ??= printsTheDocument(message, container).message),
      configurable: true,
    });
    return error;
  }
  const error = printsTheDocument(message, container);
  // The stack starts at the query, so that a failure points at the test's line, not at this file.
  Error.captureStackTrace(error, getElementError);
  return error;
}

configure({
  // Lazy routes load real modules: on a busy 2-core machine that takes longer than RTL's 1 s default.
  asyncUtilTimeout: 5000,
  // A query that fails while a `findBy…` or `waitFor` is still waiting builds an error that is
  // thrown away unless the wait runs out, and Testing Library's error prints the whole document.
  // Testing Library marks those tries (its `_disableExpensiveErrorDiagnostics`): their errors
  // print the document only when their message is read, which happens when the wait runs out.
  // A query that fails outside a wait prints it at once, as before.
  getElementError,
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => server.close());
