/**
 * How the session layer moves the user: to another page of the app (the router registers
 * itself at start; until then a full page load is used), and off the site (hosted sign-in).
 */
let navigateImpl: (path: string) => void = (path) => window.location.assign(path);
let pathImpl: () => string = () => window.location.pathname;
let externalImpl: (url: string) => void = (url) => window.location.assign(url);

/**
 * Registers the router. `currentPath` tells where the app is (needed with a memory router,
 * whose location is not the window's; a browser router can leave it out).
 */
export function setNavigate(fn: (path: string) => void, currentPath?: () => string): void {
  navigateImpl = fn;
  if (currentPath) pathImpl = currentPath;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}

/** The path the app shows now. */
export function currentPath(): string {
  return pathImpl();
}

/** True on the authentication pages (/auth, /auth-callback, /login, /signup, /forgot-password). */
export function isOnAuthPage(path: string = currentPath()): boolean {
  return /^\/(auth|auth-callback|login|signup|forgot-password)(\/|$)/.test(path);
}

/** Loads another site (the hosted sign-in page). Tests replace it to see the URL. */
export function goToUrl(url: string): void {
  externalImpl(url);
}

export function setExternalNavigate(fn: (url: string) => void): void {
  externalImpl = fn;
}
