/** The API base URL as the app resolves it in tests (jsdom's origin + the configured base). */
export const API = `${window.location.origin}/api`;
export const apiUrl = (path: string) => `${API}${path}`;
