/**
 * How the API layer sends the user to another page (the router registers itself at start;
 * until then a full page load is used).
 */
let navigateImpl: (path: string) => void = (path) => window.location.assign(path);

export function setNavigate(fn: (path: string) => void): void {
  navigateImpl = fn;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}
