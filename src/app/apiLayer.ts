/**
 * Attaches the API layer to a store: the RTK Query reducer and middleware, the answers kept on
 * the device per account (src/api/savedAnswers.ts), the focus and reconnect listeners. Loaded on first use (./AppServices.tsx) in the browser; tests and
 * prerendering get it through makeStore (./store.ts).
 */
import { createAction } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '../api/baseApi';
import { savedAnswersMiddleware } from '../api/savedAnswers';
import { rootReducer } from '../api/state';
import { dynamicMiddleware, type AppStore } from './appStore';

// Global: from now on every store's reducer keeps the API state (created on its next action).
rootReducer.inject(baseApi);

/** Dispatched once the API's middleware is in place; initialises its state. */
export const apiAttached = createAction('app/apiAttached');

const attached = new WeakSet<AppStore>();

/** True once attachApi ran for this store (its state alone does not tell: see inject). */
export const isApiAttached = (store: AppStore): boolean => attached.has(store);

export function attachApi(store: AppStore): void {
  if (attached.has(store)) return;
  attached.add(store);
  // The saved answers' part first: it puts a saved answer in before the API's part sees the request.
  store.dispatch(dynamicMiddleware.withMiddleware(savedAnswersMiddleware, baseApi.middleware));
  store.dispatch(apiAttached());
  setupListeners(store.dispatch);
}
