import { screen, waitFor, within } from '@testing-library/react';
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
  OwnerCompletionRequest,
  OwnerPicture,
  OwnerPictureLink,
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

  it("names a saved vehicle as the customer's page does, with its plate", async () => {
    await openRequest(
      ownerBooking({
        name: 'Vera Saved',
        vehicle: {
          vehicleId: 'v-1',
          make: 'Toyota',
          model: 'RAV4',
          year: 2019,
          licensePlate: 'XYZ-987',
        },
      }),
    );
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Toyota RAV4 (2019) · XYZ-987')).toBeInTheDocument();
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
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /^Time/ }),
      'Another time…',
    );
    await user.fill(within(form).getByLabelText(/^Another time/), '10:00');
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

  it("offers the owner's free times of the chosen day for the job, the current one chosen", async () => {
    const booking = ownerBooking({ name: 'Fran Free', date: '2026-12-01', time: '4:00 PM' });
    const asked: string[] = [];
    const sent: OwnerSchedule[] = [];
    server.use(
      contractHttp.get('/owner/bookings/{id}/availability', ({ params, request }) => {
        const query = new URL(request.url).searchParams;
        const [from, to] = [query.get('from') ?? '', query.get('to') ?? ''];
        asked.push(`${params.id} ${from} ${to}`);
        const times = from === '2026-12-01' ? ['3:00 PM', '4:00 PM', '5:15 PM'] : ['12:15 PM'];
        return HttpResponse.json([{ date: from, times }]);
      }),
      contractHttp.put('/owner/bookings/{id}/schedule', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        return HttpResponse.json<OwnerBooking>({ ...booking, ...body, seen: true });
      }),
    );
    await openRequest(booking);
    const user = userEvent.setup();
    const form = screen.getByRole('region', { name: 'Schedule' });
    const time = within(form).getByRole('combobox', { name: /^Time/ });
    await waitFor(() =>
      expect(
        within(time)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a time', '3:00 PM', '4:00 PM', '5:15 PM', 'Another time…']),
    );
    expect(time).toHaveValue('4:00 PM');
    expect(asked).toContain(`${booking.bookingId} 2026-12-01 2026-12-01`);

    await user.clear(within(form).getByLabelText(/^Date/));
    await user.fill(within(form).getByLabelText(/^Date/), '2026-12-05');
    await waitFor(() =>
      expect(
        within(time)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a time', '12:15 PM', 'Another time…']),
    );
    expect(asked).toContain(`${booking.bookingId} 2026-12-05 2026-12-05`);
    expect(time).toHaveValue('');
    await user.selectOptions(time, '12:15 PM');
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(
      await screen.findByText('Scheduled for Sat, Dec 5, 2026 at 12:15 PM.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ date: '2026-12-05', time: '12:15 PM', note: '' }]);
  });

  it('a time that is not free: a warning with the nearest free times, then "Schedule anyway"', async () => {
    const booking = ownerBooking({ name: 'Wes Warn', date: '2026-12-05', time: '2:00 PM' });
    const sent: OwnerSchedule[] = [];
    server.use(
      contractHttp.put('/owner/bookings/{id}/schedule', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        if (!body.override) {
          return HttpResponse.json(
            {
              error: 'Conflict',
              message: `Sat, Dec 5, 2026 at ${body.time} is not one of your free times`,
              nearest: [{ date: '2026-12-05', time: '12:00 PM' }],
            },
            { status: 409 },
          );
        }
        return HttpResponse.json<OwnerBooking>({ ...booking, ...body, seen: true });
      }),
    );
    await openRequest(booking);
    const user = userEvent.setup();
    const form = screen.getByRole('region', { name: 'Schedule' });
    const time = within(form).getByRole('combobox', { name: /^Time/ });
    await user.selectOptions(time, 'Another time…');
    await user.fill(within(form).getByLabelText(/^Another time/), '07:30');
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    const warning = await within(form).findByRole('alert');
    expect(warning).toHaveTextContent('Sat, Dec 5, 2026 at 7:30 AM is not one of your free times');
    expect(warning).toHaveTextContent(
      'This time overlaps another job or falls outside your working hours. Schedule anyway?',
    );
    expect(sent).toEqual([{ date: '2026-12-05', time: '7:30 AM', note: '' }]);

    // The nearest free time, taken: chosen in the list, the warning gone.
    await user.click(within(warning).getByRole('button', { name: 'Sat, Dec 5, 2026 at 12:00 PM' }));
    expect(time).toHaveValue('12:00 PM');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();

    await user.selectOptions(time, 'Another time…');
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    await user.click(
      within(await within(form).findByRole('alert')).getByRole('button', {
        name: 'Schedule anyway',
      }),
    );
    expect(
      await screen.findByText('Scheduled for Sat, Dec 5, 2026 at 7:30 AM.'),
    ).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ date: '2026-12-05', time: '7:30 AM', note: '', override: true });
  });

  it('takes the old "Scheduled" message away when a new attempt starts, and so after a refusal', async () => {
    const booking = ownerBooking({ name: 'Ola Older', date: '2026-12-05', time: '2:00 PM' });
    let refuse = false;
    server.use(
      contractHttp.put('/owner/bookings/{id}/schedule', async ({ request }) => {
        const body = await request.json();
        if (refuse) {
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
    expect(
      await screen.findByText('Scheduled for Sat, Dec 5, 2026 at 2:00 PM.'),
    ).toBeInTheDocument();

    refuse = true;
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'body/date must not be in the past',
    );
    expect(screen.queryByText(/^Scheduled for/)).not.toBeInTheDocument();
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

  /** Answers "complete" with the booking Completed, recording each body; 409 for `refuse`. */
  function completeAnswers(booking: OwnerBooking, refuse?: string) {
    const sent: (OwnerCompletionRequest | null)[] = [];
    server.use(
      contractHttp.post('/owner/bookings/{id}/complete', async ({ request }) => {
        // The header openapi.yaml declares, checked as the server does (a key, not "undefined").
        const key = request.headers.get('Idempotency-Key');
        if (key !== null && !/^[A-Za-z0-9_-]{16,128}$/.test(key)) {
          return HttpResponse.json(
            { error: 'Bad Request', message: 'headers/idempotency-key must match pattern' },
            { status: 400 },
          );
        }
        const text = await request.text();
        const body = text ? (JSON.parse(text) as OwnerCompletionRequest) : null;
        sent.push(body);
        if (refuse && !body?.doneEarly) {
          return HttpResponse.json({ error: 'Conflict', message: refuse }, { status: 409 });
        }
        return HttpResponse.json<OwnerCompletion>({
          booking: {
            ...booking,
            seen: true,
            status: 'Completed',
            completedAt: new Date().toISOString(),
          },
          points: 175,
        });
      }),
    );
    return sent;
  }

  it('asks once before marking the job completed, then says how many points the customer got', async () => {
    const booking = ownerBooking({ name: 'Drew Done' });
    const sent = completeAnswers(booking);
    await openRequest(booking);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mark completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark completed?' });
    expect(dialog).toHaveTextContent(
      "Mark Drew Done's Detailing Service on Tue, Dec 1, 2026 as done? Points are credited.",
    );
    // Keyboard: Escape closes it and nothing is sent.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Mark completed' }));
    const again = await screen.findByRole('dialog', { name: 'Mark completed?' });
    await user.click(within(again).getByRole('button', { name: 'Mark done' }));
    expect(
      await screen.findByText('Marked completed. 175 loyalty points credited once.'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.doneEarly).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Mark completed' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Before and after pictures' })).toBeInTheDocument();
  });

  it('offers "done early" when the server refuses an appointment after today, naming its day', async () => {
    const booking = ownerBooking({ name: 'Eli Early', date: '2099-12-04' });
    const refusal =
      'The appointment is on Fri, Dec 4, 2099, after today: confirm the job was done early to complete it now';
    const sent = completeAnswers(booking, refusal);
    await openRequest(booking);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mark completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark completed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    await user.click(within(dialog).getByRole('button', { name: 'It was done early: mark done' }));
    expect(await screen.findByText(/^Marked completed\./)).toBeInTheDocument();
    expect(sent).toEqual([{}, { doneEarly: true }]);
  });

  it('undoes a completion from the toast: the server is asked once and the job is open again', async () => {
    const booking = ownerBooking({ name: 'Una Undo' });
    completeAnswers(booking);
    const undone: string[] = [];
    server.use(
      contractHttp.post('/owner/bookings/{id}/undo-complete', ({ params }) => {
        undone.push(params.id);
        return HttpResponse.json<OwnerBooking>({ ...booking, seen: true, completedAt: null });
      }),
    );
    await openRequest(booking);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mark completed' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark done' }),
    );
    const toast = (await screen.findByText('Una Undo: marked completed.')).closest(
      '.notistack-MuiContent',
    ) as HTMLElement;
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('Completion undone: the job is open again.'),
    ).toBeInTheDocument();
    expect(undone).toEqual([booking.bookingId]);
    expect(screen.getByRole('button', { name: 'Mark completed' })).toBeInTheDocument();
  });

  it('lets the owner say the pictures are in (the e-mail goes now) and undo on the page itself', async () => {
    const booking = ownerBooking({
      name: 'Pia Pics',
      status: 'Completed',
      completedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const asked: string[] = [];
    server.use(
      contractHttp.post('/owner/bookings/{id}/pictures-in', ({ params }) => {
        asked.push(`in:${params.id}`);
        return new HttpResponse(null, { status: 204 });
      }),
      contractHttp.post('/owner/bookings/{id}/undo-complete', ({ params }) => {
        asked.push(`undo:${params.id}`);
        return HttpResponse.json<OwnerBooking>({
          ...booking,
          seen: true,
          status: 'Booked',
          completedAt: null,
        });
      }),
    );
    await openRequest(booking);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pictures are in: send the e-mail' }));
    expect(await screen.findByText('The customer\'s "done" e-mail goes now.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo completion' }));
    expect(
      await screen.findByText('Completion undone: the job is open again.'),
    ).toBeInTheDocument();
    expect(asked).toEqual([`in:${booking.bookingId}`, `undo:${booking.bookingId}`]);
  });

  it("shows the request's pictures with the labels the owner chose", async () => {
    const booking = ownerBooking({ name: 'Lia Labels', status: 'Completed' });
    server.use(
      contractHttp.get('/owner/bookings/{id}/pictures', ({ params }) =>
        HttpResponse.json<OwnerPictureLink[]>([
          {
            file: 'aaaaaaaaaaaaaaaaaaaaaaaa.jpg',
            label: 'before.jpg',
            bookingId: params.id,
            description: 'Before: back seat',
            uploadedAt: '2026-12-01T21:00:00.000Z',
            signedUrl: 'https://api.example.com/service-pics/files/aaaaaaaaaaaaaaaaaaaaaaaa.jpg',
          },
          {
            file: 'bbbbbbbbbbbbbbbbbbbbbbbb.jpg',
            label: 'after.jpg',
            bookingId: params.id,
            description: '',
            uploadedAt: '2026-12-01T22:00:00.000Z',
            signedUrl: 'https://api.example.com/service-pics/files/bbbbbbbbbbbbbbbbbbbbbbbb.jpg',
          },
        ]),
      ),
    );
    await openRequest(booking);
    const section = screen.getByRole('region', { name: 'Before and after pictures' });
    const before = await within(section).findByRole('img', { name: 'before.jpg' });
    expect(before).toHaveAttribute(
      'src',
      'https://api.example.com/service-pics/files/aaaaaaaaaaaaaaaaaaaaaaaa.jpg',
    );
    expect(within(section).getByText('before.jpg')).toBeInTheDocument();
    expect(within(section).getByText('Before: back seat')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: 'after.jpg' })).toBeInTheDocument();
    expect(within(section).queryByText(/aaaaaaaa/)).not.toBeInTheDocument();
  });

  it('uploads several pictures at once, each with its own result; the phone offers camera or gallery', async () => {
    const booking = ownerBooking({ name: 'Pat Picture' });
    const received: { file: string; description: string }[] = [];
    server.use(
      contractHttp.post('/owner/bookings/{id}/pictures', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file');
        const name = file instanceof NodeFile ? file.name : '';
        received.push({ file: name, description: String(form.get('description')) });
        if (name === 'huge.png') {
          return HttpResponse.json(
            { error: 'Payload Too Large', message: 'The picture is larger than 10 MB' },
            { status: 413 },
          );
        }
        return HttpResponse.json<OwnerPicture>(
          {
            file: `${received.length}bd6f31c0b0d3904485e6e62d.png`,
            label: name,
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
    const input = within(section).getByLabelText(/^Pictures/);
    expect(input).toHaveAttribute('type', 'file');
    // A phone offers its camera or its gallery: any image, several at once, no forced camera.
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('multiple');
    expect(input).not.toHaveAttribute('capture');

    await user.click(within(section).getByRole('button', { name: 'Upload pictures' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('Choose a picture first.');

    // Node's File: the test environment's FormData (Node's) takes no jsdom File.
    const png = (name: string) =>
      new NodeFile([new Uint8Array([0x89, 0x50])], name, { type: 'image/png' }) as unknown as File;
    await user.upload(input, [png('before.png'), png('huge.png'), png('after.png')]);
    await user.fill(within(section).getByRole('textbox', { name: /Description/ }), 'After');
    await user.click(within(section).getByRole('button', { name: 'Upload pictures' }));
    const chosen = within(section).getByRole('list', { name: 'Chosen pictures' });
    const item = (name: string) =>
      within(chosen)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.startsWith(name))!;
    await waitFor(() =>
      expect(item('after.png')).toHaveTextContent(
        'Uploaded. The customer sees it in Service Pics.',
      ),
    );
    expect(item('before.png')).toHaveTextContent('Uploaded.');
    expect(item('huge.png')).toHaveTextContent('Not uploaded: The picture is larger than 10 MB');
    expect(received).toEqual([
      { file: 'before.png', description: 'After' },
      { file: 'huge.png', description: 'After' },
      { file: 'after.png', description: 'After' },
    ]);

    // Another try sends only what did not go up.
    await user.click(within(section).getByRole('button', { name: 'Upload pictures' }));
    await waitFor(() => expect(received).toHaveLength(4));
    expect(received[3]).toEqual({ file: 'huge.png', description: 'After' });
  });

  it('offline: one clear message, and the chosen pictures stay listed for another try', async () => {
    const booking = ownerBooking({ name: 'Olive Offline' });
    let offline = true;
    const received: string[] = [];
    server.use(
      contractHttp.get('/owner/bookings/{id}/pictures', () =>
        offline ? HttpResponse.error() : HttpResponse.json([]),
      ),
      contractHttp.post('/owner/bookings/{id}/pictures', async ({ request }) => {
        if (offline) return HttpResponse.error();
        const file = (await request.formData()).get('file');
        const name = file instanceof NodeFile ? file.name : '';
        received.push(name);
        return HttpResponse.json<OwnerPicture>(
          {
            file: `${received.length}bd6f31c0b0d3904485e6e62d.png`,
            label: name,
            bookingId: booking.bookingId,
            description: '',
            uploadedAt: '2026-11-26T15:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    await openRequest(booking);
    const user = userEvent.setup();
    const section = screen.getByRole('region', { name: 'Before and after pictures' });
    const png = (name: string) =>
      new NodeFile([new Uint8Array([0x89, 0x50])], name, { type: 'image/png' }) as unknown as File;
    await user.upload(within(section).getByLabelText(/^Pictures/), [png('a.png'), png('b.png')]);
    await user.click(within(section).getByRole('button', { name: 'Upload pictures' }));
    await waitFor(() =>
      expect(
        within(section).getAllByText(
          'The server could not be reached. Check the connection and try again.',
          { exact: false },
        ),
      ).toHaveLength(1),
    );
    const chosen = within(section).getByRole('list', { name: 'Chosen pictures' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('a.png'), expect.stringContaining('b.png')]);

    offline = false;
    await user.click(within(section).getByRole('button', { name: 'Upload pictures' }));
    await waitFor(() => expect(received).toEqual(['a.png', 'b.png']));
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
