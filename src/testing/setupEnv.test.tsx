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
