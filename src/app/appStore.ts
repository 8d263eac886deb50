/**
 * The store's shape and factory. The session state is there from the start; the API
 * layer (RTK Query: its reducer, middleware and every endpoint) is attached on first use
 * (./apiLayer.ts), so the public pages do not load it before they are interactive.
 * `makeStore` (./store.ts) builds a store with the API already attached.
 */
import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { baseApi } from '../api/baseApi';
import { sessionSlice } from '../api/session/sessionSlice';

export const rootReducer =
  combineSlices(sessionSlice).withLazyLoadedSlices<WithSlice<typeof baseApi>>();

/** Middleware added after the store exists (the API's). */
export const dynamicMiddleware = createDynamicMiddleware();

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        // Adding the API's middleware later carries the middleware function in the action.
        serializableCheck: { ignoredActions: ['dynamicMiddleware/add'] },
      }).concat(dynamicMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
