/**
 * The store's shape and factory. The session state is there from the start; the API
 * layer (RTK Query: its reducer, middleware and every endpoint) is attached on first use
 * (./apiLayer.ts), so the public pages do not load it before they are interactive.
 * `makeStore` (./store.ts) builds a store with the API already attached.
 */
import { configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { setAutoFreeze } from 'immer';
import { rootReducer, type AppDispatch, type RootState } from '../api/state';

export type { RootState };

// Immer, under RTK's reducers, deep-freezes what the store keeps. In development and in tests that
// makes a mutation of the state throw; in production it walked every answer kept (the largest
// part of storing the owner inbox's page: docs/architecture.md, "The owner's inbox when its page
// arrives"), so the production build keeps answers as they came, as Immer did before version 8.
setAutoFreeze(process.env.NODE_ENV !== 'production');

/** Middleware added after the store exists (the API's). */
export const dynamicMiddleware = createDynamicMiddleware();

export function createAppStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        // Adding the API's middleware later carries the middleware function in the action.
        serializableCheck: { ignoredActions: ['dynamicMiddleware/add'] },
      }).concat(dynamicMiddleware.middleware),
  });
  // The typed hooks (src/api/hooks.ts) assume this dispatch; the compiler checks it here.
  return store satisfies { dispatch: AppDispatch };
}

export type AppStore = ReturnType<typeof createAppStore>;
