import { screen, within } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { File as NodeFile } from 'node:buffer';
import { HttpResponse } from 'msw';
import { contractHttp } from '../../../testing/contractHttp';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import type {
  OwnerBooking,
  OwnerCancellation,
  OwnerCompletion,
  OwnerPicture,
  OwnerSchedule,
} from '../api/generated';
import { ownerBooking, signInAsOwner } from '../testing/ownerApi';

beforeEach(() => signInAsOwner());

/** Opens the request's page; the server answers "seen" with `booking`. */
async function openRequest(booking: OwnerBooking) {
  const seen: string[] = [];
  server.use(
    contractHttp.post('/owner/requests/{id}/seen', ({ params }) => {
      seen.push(params.id);
      return HttpResponse.json<OwnerBooking>({ ...booking, seen: true });
    }),
  );
  renderApp(`/owner/requests/${booking.bookingId}`);
  await screen.findByRole('heading', { level: 1, name: `Request from ${booking.name}` });
  return seen;
}

describe("a request's page", () => {
  it('marks the request seen and shows everything from the form', async () => {
    const booking = ownerBooking({
      name: 'Riley Form',
      selectedAddons: ['Pet Hair Removal', 'Headlight Restoration'],
      message: 'Park on the street',
      note: 'Bring the long hose',
    });
    const seen = await openRequest(booking);
    expect(seen).toContain(booking.bookingId);
    const details = screen.getByRole('region', { name: 'Details' });
    for (const text of [
      'Riley Form',
      booking.email,
      '(919) 555-0100',
      'Booked',
      'Tue, Dec 1, 2026 at 4:00 PM',
      'SUV',
      '2021 Honda CR-V',
      'Pet Hair Removal, Headlight Restoration',
      '$175',
      'Park on the street',
      'Bring the long hose',
    ]) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    expect(
      within(details).getByRole('link', { name: '12 Oak St, Cary, NC 27511' }),
    ).toHaveAttribute(
      'href',
      expect.stringContaining('google.com/maps/search/?api=1&query=12%20Oak%20St%2C%20Cary'),
    );
    expect(screen.getByText('Seen')).toBeInTheDocument();
  });

  it('schedules in New York date and time with an internal note; an error keeps what was typed', async () => {
    const booking = ownerBooking({ name: 'Sam Schedule', date: undefined, time: undefined });
    const sent: OwnerSchedule[] = [];
    let fail = true;
    server.use(
      contractHttp.put('/owner/bookings/{id}/schedule', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        if (fail) {
          return HttpResponse.json(
            { error: 'Bad Request', message: 'body/date must not be in the past' },
            { status: 400 },
          );
        }
        return HttpResponse.json<OwnerBooking>({ ...booking, ...body, seen: true });
      }),
    );
    await openRequest(booking);
    const user = userEvent.setup();
    const form = screen.getByRole('region', { name: 'Schedule' });
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose a date and a time.');
    expect(sent).toHaveLength(0);

    await user.fill(within(form).getByLabelText(/^Date/), '2026-12-04');
    await user.fill(within(form).getByLabelText(/^Time/), '10:00');
    // A short label that fits a phone's width, and what it means under the field.
    const noteField = within(form).getByRole('textbox', { name: 'Internal note' });
    expect(noteField).toHaveAccessibleDescription('The customer never sees it.');
    await user.fill(noteField, 'Side gate');
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'body/date must not be in the past',
    );
    expect(within(form).getByLabelText(/^Date/)).toHaveValue('2026-12-04');
    expect(within(form).getByRole('textbox', { name: /Internal note/ })).toHaveValue('Side gate');

    fail = false;
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(
      await screen.findByText('Scheduled for Fri, Dec 4, 2026 at 10:00 AM.'),
    ).toBeInTheDocument();
    expect(sent[sent.length - 1]).toEqual({
      date: '2026-12-04',
      time: '10:00 AM',
      note: 'Side gate',
    });
  });

  it('cancels only with a reason, which the server receives', async () => {
    const booking = ownerBooking({ name: 'Casey Cancel' });
    const sent: OwnerCancellation[] = [];
    server.use(
      contractHttp.post('/owner/bookings/{id}/cancel', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        return HttpResponse.json<OwnerBooking>({
          ...booking,
          seen: true,
          status: 'Cancelled',
          cancelReason: body.reason,
        });
      }),
    );
    await openRequest(booking);
    const user = userEvent.setup();
    const form = screen.getByRole('region', { name: 'Cancel the request' });
    await user.click(within(form).getByRole('button', { name: 'Cancel request' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Give a reason for cancelling.');
    await user.fill(within(form).getByRole('textbox', { name: /Reason for cancelling/ }), 'Rain');
    await user.click(within(form).getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByText('The request is cancelled.')).toBeInTheDocument();
    expect(sent).toEqual([{ reason: 'Rain' }]);
    expect(
      within(screen.getByRole('region', { name: 'Details' })).getByText('Rain'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Schedule' })).not.toBeInTheDocument();
  });

  it('marks the job completed and says how many points the customer got', async () => {
    const booking = ownerBooking({ name: 'Drew Done' });
    server.use(
      contractHttp.post('/owner/bookings/{id}/complete', () =>
        HttpResponse.json<OwnerCompletion>({
          booking: { ...booking, seen: true, status: 'Completed' },
          points: 175,
        }),
      ),
    );
    await openRequest(booking);
    await userEvent.click(screen.getByRole('button', { name: 'Mark completed' }));
    expect(
      await screen.findByText('Marked completed. 175 loyalty points credited once.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark completed' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Before and after pictures' })).toBeInTheDocument();
  });

  it("uploads a picture from the file input (camera on a phone), showing the server's size error clearly", async () => {
    const booking = ownerBooking({ name: 'Pat Picture' });
    const received: { file: string; description: string }[] = [];
    let tooLarge = true;
    server.use(
      contractHttp.post('/owner/bookings/{id}/pictures', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file');
        received.push({
          file: file instanceof NodeFile ? file.name : '',
          description: String(form.get('description')),
        });
        if (tooLarge) {
          return HttpResponse.json(
            { error: 'Payload Too Large', message: 'The picture is larger than 10 MB' },
            { status: 413 },
          );
        }
        return HttpResponse.json<OwnerPicture>(
          {
            file: 'bd6f31c0b0d3904485e6e62d.png',
            label: 'after.png',
            bookingId: booking.bookingId,
            description: 'After',
            uploadedAt: '2026-11-26T15:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    await openRequest(booking);
    const user = userEvent.setup();
    const section = screen.getByRole('region', { name: 'Before and after pictures' });
    const input = within(section).getByLabelText(/^Picture/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(input).toHaveAttribute('capture', 'environment');

    await user.click(within(section).getByRole('button', { name: 'Upload picture' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('Choose a picture first.');

    // Node's File: the test environment's FormData (Node's) takes no jsdom File.
    const picture = new NodeFile([new Uint8Array([0x89, 0x50])], 'after.png', {
      type: 'image/png',
    });
    await user.upload(input, picture as unknown as File);
    await user.fill(within(section).getByRole('textbox', { name: /Description/ }), 'After');
    await user.click(within(section).getByRole('button', { name: 'Upload picture' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The picture is larger than 10 MB',
    );
    expect(within(section).getByRole('textbox', { name: /Description/ })).toHaveValue('After');

    tooLarge = false;
    await user.click(within(section).getByRole('button', { name: 'Upload picture' }));
    expect(
      await within(section).findByText('Uploaded after.png. The customer sees it in Service Pics.'),
    ).toBeInTheDocument();
    expect(received).toEqual([
      { file: 'after.png', description: 'After' },
      { file: 'after.png', description: 'After' },
    ]);
  });

  it('says when the request cannot be opened', async () => {
    server.use(
      contractHttp.post('/owner/requests/{id}/seen', () =>
        HttpResponse.json({ error: 'Not Found', message: 'No such booking' }, { status: 404 }),
      ),
    );
    renderApp('/owner/requests/missing');
    expect(await screen.findByText('No such booking')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the inbox' })).toHaveAttribute(
      'href',
      '/owner',
    );
  });
});
