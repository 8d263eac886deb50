/** Runs before each test file's modules load: browser APIs jsdom lacks, and React's owner stacks. */
import * as React from 'react';
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = function scrollIntoView() {
  /* jsdom does not lay out */
};
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
Object.assign(globalThis, { ResizeObserver: NoopObserver, IntersectionObserver: NoopObserver });

/**
 * React's development build records an owner stack (an `Error`, for its warnings' component
 * stacks and its DevTools) with every element it creates, up to 10,000 a second; past that it
 * records none. Tests keep React at that limit: creating those errors was a tenth of the time
 * of the form suites, and no test reads them. Warnings still name the component.
 */
const reactInternals = (React as unknown as Record<string, unknown>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE as
  { recentlyCreatedOwnerStacks?: number } | undefined;
if (reactInternals && typeof reactInternals.recentlyCreatedOwnerStacks === 'number') {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    get: () => 10_000,
    set: () => undefined,
  });
}
