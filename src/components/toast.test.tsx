import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '../testing/user';
import { renderWithProviders } from '../testing/render';
import { useToast } from './toast';

// Records when notistack's code is first evaluated (in the browser: when its chunk loads).
const seen = globalThis as { notistackLoaded?: boolean };
jest.mock('notistack', () => {
  (globalThis as { notistackLoaded?: boolean }).notistackLoaded = true;
  return jest.requireActual('notistack');
});

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success('Vehicle saved')}>Save</button>
      <button
        onClick={() => {
          // Asked for and withdrawn before the toasts' code has arrived.
          const key = toast.loading('Saving…');
          toast.dismiss(key);
          toast.error('Could not save');
        }}
      >
        Fail
      </button>
    </>
  );
}

afterEach(() => jest.useRealTimers());

it("loads the toasts' code with the first toast, not with the page", async () => {
  renderWithProviders(<Buttons />);
  expect(seen.notistackLoaded).toBeUndefined();

  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Vehicle saved')).toBeInTheDocument();
  expect(seen.notistackLoaded).toBe(true);
});

it('gives the toasts asked for while its code loads in order: a withdrawn one does not stay', async () => {
  // The withdrawn toast's second-long exit passes on a fake clock, which Testing Library's waits
  // advance.
  jest.useFakeTimers({ advanceTimers: true });
  renderWithProviders(<Buttons />);
  await userEvent.click(screen.getByRole('button', { name: 'Fail' }));

  expect(await screen.findByText('Could not save')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Saving…')).not.toBeInTheDocument(), {
    timeout: 5000,
  });
});
