import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '../testing/user';
import { UpdatePrompt, watchReleases, type ReleaseWatcher } from './ServiceWorkerUpdates';

/** A stand-in for workbox-window's Workbox: its events are fired by the test. */
function fakeWorkbox() {
  const listeners = new Map<string, () => void>();
  const wb = {
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    register: jest.fn(() => Promise.resolve(undefined)),
    messageSkipWaiting: jest.fn(),
  };
  return { wb: wb as ReleaseWatcher & typeof wb, fire: (type: string) => listeners.get(type)?.() };
}

describe('a new release', () => {
  it('waits for the person: nothing is reloaded until they agree, then once when it has taken over', () => {
    const { wb, fire } = fakeWorkbox();
    const offered: (() => void)[] = [];
    const reload = jest.fn();
    watchReleases(wb, (accept) => offered.push(accept), reload);
    expect(wb.register).toHaveBeenCalledTimes(1);

    fire('waiting');
    expect(offered).toHaveLength(1);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    offered[0]!();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('is announced with a Reload button that gives the consent, and can be put off', async () => {
    const accept = jest.fn();
    render(<UpdatePrompt accept={accept} />);
    const prompt = screen.getByRole('status');
    expect(prompt).toHaveTextContent('A new version is ready.');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(accept).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() =>
      expect(screen.queryByText('A new version is ready.')).not.toBeInTheDocument(),
    );
  });
});
