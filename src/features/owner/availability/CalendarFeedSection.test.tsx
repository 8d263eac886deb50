import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { userEvent } from '../../../testing/user';
import { contractHttp } from '../../../testing/contractHttp';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { signIn } from '../../../testing/tokens';
import AvailabilityPage from './AvailabilityPage';
import { calendarFeedTexts as t } from './messages';

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
beforeEach(() => signIn());

const OLD = 'https://shine.example/api/calendar/oldSecretoldSecretoldSecretoldSecretoldSecr.ics';
const NEW = 'https://shine.example/api/calendar/newSecretnewSecretnewSecretnewSecretnewSecr.ics';

const render = () =>
  renderApp('/owner/availability', {
    routes: [{ path: '/owner/availability', element: <AvailabilityPage /> }],
  });

/** Serves the feed's address and counts the new addresses asked for. */
function serveFeed(renewAnswer?: () => Response) {
  let url = OLD;
  const renewals: string[] = [];
  server.use(
    contractHttp.get('/owner/calendar-feed', () =>
      HttpResponse.json({ url, createdAt: '2026-11-20T15:04:05.000Z' }),
    ),
    contractHttp.post('/owner/calendar-feed', () => {
      renewals.push('POST');
      const refused = renewAnswer?.();
      if (refused) return refused as never;
      url = NEW;
      return HttpResponse.json({ url, createdAt: '2026-11-28T06:00:00.000Z' }, { status: 201 });
    }),
  );
  return renewals;
}

const section = async () =>
  screen.findByRole('region', { name: t.title }).then((region) => within(region));

describe('the calendar feed on the Availability page', () => {
  it('shows the private address and copies it, saying so', async () => {
    const user = userEvent.setup();
    serveFeed();
    render();
    const feed = await section();
    expect(await feed.findByLabelText(t.address)).toHaveValue(OLD);
    expect(feed.getByText(t.secret)).toBeVisible();
    const written = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(feed.getByRole('button', { name: t.copy }));
    expect(written).toHaveBeenCalledWith(OLD);
    expect(feed.getByRole('status')).toHaveTextContent(t.copied);
  });

  it('selects the address for copying by hand when the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Not allowed'));
    serveFeed();
    render();
    const feed = await section();
    const field = (await feed.findByLabelText(t.address)) as HTMLInputElement;
    await user.click(feed.getByRole('button', { name: t.copy }));
    expect(await feed.findByText(t.copyByHand)).toBeVisible();
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, OLD.length]);
  });

  it('asks once before making a new address, by keyboard too, and shows the new one', async () => {
    const user = userEvent.setup();
    const renewals = serveFeed();
    render();
    const feed = await section();
    await feed.findByLabelText(t.address);
    // Asked, and kept: nothing is sent.
    await user.click(feed.getByRole('button', { name: t.renew }));
    const dialog = await screen.findByRole('dialog', { name: t.renewTitle });
    expect(dialog).toHaveTextContent(t.renewMessage);
    expect(within(dialog).getByRole('button', { name: t.keep })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(renewals).toEqual([]);
    // Asked again, by keyboard, and confirmed.
    feed.getByRole('button', { name: t.renew }).focus();
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: t.renewTitle });
    await user.tab();
    expect(within(again).getByRole('button', { name: t.renewConfirm })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(feed.getByLabelText(t.address)).toHaveValue(NEW);
    expect(feed.getByRole('status')).toHaveTextContent(t.renewed);
    expect(renewals).toEqual(['POST']);
  });

  it("keeps the dialog open with the server's words when no new address could be made", async () => {
    const user = userEvent.setup();
    serveFeed(() =>
      HttpResponse.json(
        { error: 'Too Many Requests', message: 'Too many requests; try again in 1 minute' },
        { status: 429 },
      ),
    );
    render();
    const feed = await section();
    await feed.findByLabelText(t.address);
    await user.click(feed.getByRole('button', { name: t.renew }));
    const dialog = await screen.findByRole('dialog', { name: t.renewTitle });
    await user.click(within(dialog).getByRole('button', { name: t.renewConfirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many requests; try again in 1 minute',
    );
    expect(feed.getByLabelText(t.address)).toHaveValue(OLD);
  });

  it('says when the address could not be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    server.use(
      contractHttp.get('/owner/calendar-feed', () =>
        fail
          ? HttpResponse.json(
              { error: 'Forbidden', message: 'Only the business owner may do this' },
              { status: 403 },
            )
          : HttpResponse.json({ url: OLD, createdAt: '2026-11-20T15:04:05.000Z' }),
      ),
    );
    render();
    const feed = await section();
    expect(await feed.findByText('Only the business owner may do this')).toBeVisible();
    fail = false;
    await user.click(feed.getByRole('button', { name: 'Try again' }));
    expect(await feed.findByLabelText(t.address)).toHaveValue(OLD);
  });
});
