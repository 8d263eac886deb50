import { render } from '@testing-library/react';

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
