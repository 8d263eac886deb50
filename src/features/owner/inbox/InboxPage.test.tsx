import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { HttpResponse } from 'msw';
import { contractHttp } from '../../../testing/contractHttp';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { OwnerRequestPage } from '../api/generated';
import { inboxAnswers, ownerBooking, signInAsOwner } from '../testing/ownerApi';

beforeEach(() => signInAsOwner());

const list = () => screen.findByRole('list', { name: 'Quote requests' });

describe('the requests inbox', () => {
  it('lists the requests as the server orders them, with new/seen, the count of new and one-tap contact links', async () => {
    // Stored before the contract refused it: `?`/`&` in the address must not add a Bcc.
    const email = 'jane%40gmail.com?bcc=attacker%40evil.com&x=@example.com';
    const newest = ownerBooking({ name: 'Avery Newest', phone: '(919) 555-0101', email });
    const older = ownerBooking({ name: 'Blake Older', seen: true, phone: undefined });
    inboxAnswers(() => ({ items: [newest, older], nextCursor: null, newCount: 7 }));
    renderApp('/owner');

    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { name: 'Avery Newest' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('New')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Seen')).toBeInTheDocument();
    expect(screen.getByText('7 new requests')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Call (919) 555-0101' })).toHaveAttribute(
      'href',
      'tel:+19195550101',
    );
    expect(within(items[0]!).getByRole('link', { name: `E-mail ${email}` })).toHaveAttribute(
      'href',
      'mailto:jane%2540gmail.com%3Fbcc%3Dattacker%2540evil.com%26x%3D@example.com',
    );
    expect(within(items[1]!).queryByRole('link', { name: /^Call/ })).not.toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Avery Newest' })).toHaveAttribute(
      'href',
      `/owner/requests/${newest.bookingId}`,
    );
    expect(screen.getByText('That is every request.')).toBeInTheDocument();
  });

  it('says when the e-mails of new requests come as one digest, and not otherwise', async () => {
    const digest = {
      since: '2026-11-20T15:00:00.000Z',
      count: 42,
      sendsAt: '2026-11-20T16:00:00.000Z',
    };
    let mailDigest: OwnerRequestPage['mailDigest'] = digest;
    inboxAnswers(() => ({ items: [ownerBooking()], nextCursor: null, newCount: 1, mailDigest }));
    const { unmount } = renderApp('/owner');
    await list();
    expect(
      screen.getByText(
        'Many requests are arriving, so their e-mails come together: one digest of 42 requests goes to you at 11/20/26, 11:00 AM instead of one e-mail each. Every request is here in the inbox.',
      ),
    ).toBeInTheDocument();
    unmount();
    mailDigest = null;
    renderApp('/owner');
    await list();
    expect(screen.queryByText(/Many requests are arriving/)).not.toBeInTheDocument();
  });

  it('loads the next page with the cursor the server gave, keeping the first', async () => {
    const first = ownerBooking({ name: 'Page One' });
    const second = ownerBooking({ name: 'Page Two' });
    const asked = inboxAnswers((url) =>
      url.searchParams.get('cursor') === 'cursor-2'
        ? { items: [second], nextCursor: null, newCount: 2 }
        : { items: [first], nextCursor: 'cursor-2', newCount: 2 },
    );
    renderApp('/owner');
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Page Two' })).toBeInTheDocument();
    const names = within(await list())
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Page One', 'Page Two']);
    expect(asked.map((params) => params.get('cursor'))).toContain('cursor-2');
    expect(asked.every((params) => params.get('limit') === '20')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('sends the filters and the search to the server, and says when nothing matches', async () => {
    const asked = inboxAnswers((url) =>
      url.searchParams.get('q')
        ? { items: [], nextCursor: null, newCount: 3 }
        : { items: [ownerBooking()], nextCursor: null, newCount: 3 },
    );
    const user = userEvent.setup();
    renderApp('/owner');
    await list();
    await user.fill(screen.getByRole('searchbox', { name: 'Search name, phone or e-mail' }), 'sam');
    await user.click(screen.getByRole('button', { name: 'More filters' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Completed');
    await user.fill(screen.getByRole('textbox', { name: 'Town' }), 'Cary');
    await user.fill(screen.getByLabelText('Preferred date from'), '2026-12-01');
    await user.fill(screen.getByLabelText('Preferred date to'), '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(await screen.findByText('No request matches these filters.')).toBeInTheDocument();
    const last = asked[asked.length - 1]!;
    expect(Object.fromEntries(last)).toEqual({
      q: 'sam',
      status: 'Completed',
      town: 'Cary',
      from: '2026-12-01',
      to: '2026-12-31',
      limit: '20',
    });
    // What was typed stays in the form.
    expect(screen.getByRole('searchbox', { name: 'Search name, phone or e-mail' })).toHaveValue(
      'sam',
    );
  });

  it('folds the status, town and dates under More filters, keeping what was set in them', async () => {
    inboxAnswers(() => ({ items: [ownerBooking()], nextCursor: null, newCount: 1 }));
    const user = userEvent.setup();
    renderApp('/owner');
    await list();
    const more = screen.getByRole('button', { name: 'More filters' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Town' })).not.toBeInTheDocument();

    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.fill(screen.getByRole('textbox', { name: 'Town' }), 'Apex');
    await user.fill(screen.getByLabelText('Preferred date from'), '2026-12-01');
    await user.click(more);
    expect(screen.queryByRole('textbox', { name: 'Town' })).not.toBeInTheDocument();
    // Folded, the button says how many are set; opened again, they are still there.
    const folded = screen.getByRole('button', { name: 'More filters (2 set)' });
    await user.click(folded);
    expect(screen.getByRole('textbox', { name: 'Town' })).toHaveValue('Apex');
    expect(screen.getByLabelText('Preferred date from')).toHaveValue('2026-12-01');
  });

  it('shows the server error with a way to try again, then the requests', async () => {
    let fail = true;
    server.use(
      contractHttp.get('/owner/requests', () =>
        fail
          ? HttpResponse.json(
              { error: 'Bad Request', message: 'query/town is too long' },
              { status: 400 },
            )
          : HttpResponse.json<OwnerRequestPage>({
              items: [ownerBooking({ name: 'After Retry' })],
              nextCursor: null,
              newCount: 1,
            }),
      ),
    );
    renderApp('/owner');
    expect(await screen.findByText('query/town is too long')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'After Retry' })).toBeInTheDocument();
  });

  it('says so when there are no requests at all', async () => {
    inboxAnswers(() => ({ items: [], nextCursor: null, newCount: 0 }));
    renderApp('/owner');
    expect(await screen.findByText('No quote requests yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('0 new requests')).toBeInTheDocument());
  });

  it('shows where to go: the service address as a map link, or that none was sent', async () => {
    const visitor = ownerBooking({
      name: 'Casey Visitor',
      userId: null,
      serviceAddress: {
        line1: '48 Maple Ave',
        line2: 'Apt 2',
        city: 'Apex',
        state: 'NC',
        zip: '27502',
      },
    });
    const old = ownerBooking({ name: 'Drew Older', serviceAddress: undefined });
    inboxAnswers(() => ({ items: [visitor, old], nextCursor: null, newCount: 2 }));
    renderApp('/owner');
    const [first, second] = within(await list()).getAllByRole('listitem');
    const map = within(first!).getByRole('link', { name: '48 Maple Ave, Apt 2, Apex, NC 27502' });
    expect(map).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=48%20Maple%20Ave%2C%20Apt%202%2C%20Apex%2C%20NC%2027502',
    );
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    expect(map).toHaveAttribute('target', '_blank');
    expect(within(second!).getByText('Call to get the address')).toBeInTheDocument();
    expect(within(second!).queryByRole('link', { name: /Cary|Oak St/ })).not.toBeInTheDocument();
  });

  it('leaves out a vehicle that was not given, without an empty separator', async () => {
    const booking = ownerBooking({ vehicle: '', totalPrice: 120, serviceAddress: undefined });
    inboxAnswers(() => ({ items: [booking], nextCursor: null, newCount: 1 }));
    renderApp('/owner');
    const [item] = within(await list()).getAllByRole('listitem');
    expect(item!.querySelector('.summary')).toHaveTextContent(/^SUV · \$120$/);
  });
});
