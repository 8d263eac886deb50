import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from './baseQuery';

/**
 * The single, empty API slice. Endpoints are injected by the generated file
 * (src/api/generated.ts) and enhanced with tags and normalisers in src/api/endpoints.ts.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  endpoints: () => ({}),
});
