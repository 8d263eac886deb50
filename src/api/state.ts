/**
 * The store's state and dispatch types. The session is there from the start; the API slice
 * (RTK Query) is injected on first use (src/app/apiLayer.ts), so its state is optional.
 * src/app/appStore.ts builds the store from this reducer.
 */
import {
  combineSlices,
  type Dispatch,
  type ThunkDispatch,
  type UnknownAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { baseApi } from './baseApi';
import { sessionSlice } from './session/sessionSlice';

export const rootReducer =
  combineSlices(sessionSlice).withLazyLoadedSlices<WithSlice<typeof baseApi>>();

export type RootState = ReturnType<typeof rootReducer>;

/** What the store dispatches: plain actions and thunks (the API's cache thunks among them). */
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction> &
  Dispatch<UnknownAction>;
