import { lazy, Suspense } from 'react';
import { render, screen } from '@testing-library/react';

it('keeps React from recording an owner stack with each element it creates', () => {
  const first = <div />;
  const second = <span />;
  const debugStack = (element: unknown) => (element as { _debugStack?: unknown })._debugStack;
  expect(debugStack(first)).toBeDefined();
  expect(debugStack(first)).toBe(debugStack(second));
});

it("still lets React's warnings name the component that caused them", () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  function Colours() {
    return (
      <ul>
        {['red', 'blue'].map((colour) => (
          <li>{colour}</li>
        ))}
      </ul>
    );
  }
  render(<Colours />);
  const warning = error.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
  error.mockRestore();
  expect(warning).toMatch(/unique "key" prop/);
  expect(warning).toContain('Colours');
});

it('lets React reveal suspended content as soon as it is ready, not 300 ms after its fallback', async () => {
  const Ready = lazy(
    () =>
      new Promise<{ default: () => React.JSX.Element }>((resolve) =>
        setTimeout(() => resolve({ default: () => <p>Ready</p> }), 5),
      ),
  );
  const start = performance.now();
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Ready />
    </Suspense>,
  );
  expect(screen.getByText('Loading')).toBeInTheDocument();
  expect(await screen.findByText('Ready')).toBeInTheDocument();
  // React's own pause alone would take 300 ms; the margin is for a busy machine.
  expect(performance.now() - start).toBeLessThan(250);
});

describe('a query that fails while a wait is still waiting', () => {
  /** Counts how often the paragraph is printed (the printer reads each element's attributes). */
  function countPrints(element: Element) {
    let prints = 0;
    const attributes = Object.getOwnPropertyDescriptor(Element.prototype, 'attributes')!;
    Object.defineProperty(element, 'attributes', {
      get() {
        prints += 1;
        return attributes.get!.call(this) as NamedNodeMap;
      },
    });
    return () => prints;
  }

  it('does not print the document at each try', async () => {
    render(<p title="marked">Waiting</p>);
    const prints = countPrints(screen.getByText('Waiting'));
    setTimeout(() => screen.getByText('Waiting').append(' over'), 120);
    expect(await screen.findByText('Waiting over')).toBeVisible();
    expect(prints()).toBe(0);
  });

  it('still prints the document when the wait runs out, and where the query failed', async () => {
    render(<p title="marked">Waiting</p>);
    const error = await screen.findByText('Never', {}, { timeout: 120 }).then(
      () => new Error('It was found'),
      (e: Error) => e,
    );
    expect(error.message).toMatch(/^Unable to find an element with the text: Never\./);
    expect(error.message).toMatch(/title.{0,20}marked/);
    expect(error.stack).toContain('setupEnv.test.tsx');
    // jest prints the stack, which the wait copied from the last try's error.
    expect(error.stack).toMatch(/title.{0,20}marked/);
    expect(() => screen.getByText('Never')).toThrow(/title.{0,20}marked/);
  });
});
