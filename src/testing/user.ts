import base, { type Options } from '@testing-library/user-event';

/**
 * user-event as the web tests use it: without its default pause (a zero-length timer) between
 * the keys it types and the pointer actions it plays. Each event is still dispatched, one after
 * another, with React's updates between them; only the idle turns of the event loop go. Across
 * the unit suites those turns added up to about 8% of their time.
 */
const setup = (options?: Options) => base.setup({ delay: null, ...options });

export const userEvent = {
  setup,
  click: (element: Element) => setup().click(element),
  clear: (element: Element) => setup().clear(element),
  keyboard: (text: string) => setup().keyboard(text),
  type: (element: Element, text: string) => setup().type(element, text),
};
