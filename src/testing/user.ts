import base, { type Options } from '@testing-library/user-event';

type Base = ReturnType<typeof base.setup>;

/** user-event's instance, and `fill`. */
export type User = Base & {
  /**
   * Puts text into a field as a person does who pastes it or lets the browser fill it in: a click
   * into the field, then one paste at the caret (the end of what is there). The app sees the whole
   * text in one input event, so this costs one render where `type` costs one per key. Use `type`
   * where the keys themselves are under test (key names in braces, what a field does as each key
   * arrives).
   */
  fill(element: Element, text: string): Promise<void>;
};

/**
 * user-event as the web tests use it: without its default pause (a zero-length timer) between
 * the keys it types and the pointer actions it plays. Each event is still dispatched, one after
 * another, with React's updates between them; only the idle turns of the event loop go. Across
 * the unit suites those turns added up to about 8% of their time.
 */
const setup = (options?: Options): User => {
  const user = base.setup({ delay: null, ...options });
  return Object.assign(user, {
    async fill(element: Element, text: string) {
      await user.click(element);
      await user.paste(text);
    },
  });
};

export const userEvent = {
  setup,
  click: (element: Element) => setup().click(element),
  clear: (element: Element) => setup().clear(element),
  keyboard: (text: string) => setup().keyboard(text),
  type: (element: Element, text: string) => setup().type(element, text),
  fill: (element: Element, text: string) => setup().fill(element, text),
  selectOptions: (element: Element, values: string | string[]) =>
    setup().selectOptions(element, values),
};
