/**
 * Runs before each test file's modules load: browser APIs jsdom lacks, React's owner stacks, and
 * React's pause before it reveals suspended content.
 */
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

/**
 * React shows content that suspended (a lazy page, a lazy chart) no sooner than 300 ms after the
 * fallback it replaces, so that a fast answer does not flash a spinner in a browser. It waits with
 * a timer of its own, `completeRootWhenReady`, scheduled through the `setTimeout` it reads once,
 * when react-dom loads (after this file). In tests the module is at hand within milliseconds, and
 * that pause was most of the time the suites spent waiting; tests let React reveal the content as
 * soon as it is ready. Every other timer is left as it was, and if React names its timer
 * otherwise, nothing changes but speed. `setupEnv.test.tsx` checks it.
 */
const browserSetTimeout = window.setTimeout.bind(window);
window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
  const reveal = typeof handler === 'function' && handler.name === 'bound completeRootWhenReady';
  return browserSetTimeout(handler, reveal ? 0 : timeout, ...args);
}) as typeof window.setTimeout;
