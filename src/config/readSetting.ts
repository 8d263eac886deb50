/**
 * A setting from the environment (webpack's DefinePlugin puts the build-time value in place of
 * each `process.env.X`), or the fallback when it is missing or blank; surrounding spaces dropped.
 */
export const readSetting = (value: string | undefined, fallback: string): string =>
  value === undefined || value.trim() === '' ? fallback : value.trim();
