/** docs/product.md §9: toast limits for notistack. */
export const toastConfig = {
  maxSnack: 20,
  defaultMs: 4000,
  successMs: 2000,
  errorMs: 4000,
  /** Removal delay after dismissal. */
  removalDelayMs: 1000,
  maxWidthPx: 350,
} as const;
