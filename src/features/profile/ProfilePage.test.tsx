import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../testing/user';
import { HttpResponse } from 'msw';
import { contractHttp, type ContractAnswer } from '../../testing/contractHttp';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { signIn } from '../../testing/tokens';

const stored = {
  userId: 'user-1',
  email: 'jordan@example.com',
  name: 'Jordan Miles',
  phone: '919-555-0100',
  mobile: '9195550101',
  serviceAddress: { line1: '12 Oak St', line2: '', city: 'Cary', state: 'NC', zip: '27511' },
};

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });

/** Answers GET /profile/me with `stored`; records every PUT body and answers it with `reply`. */
function profileApi(
  reply: () => ContractAnswer<'put', '/profile/me'> = () => HttpResponse.json(stored),
) {
  const sent: unknown[] = [];
  server.use(
    contractHttp.get('/profile/me', () => HttpResponse.json(stored)),
    contractHttp.put('/profile/me', async ({ request }) => {
      sent.push(await request.json());
      return reply();
    }),
  );
  return sent;
}

describe('Account Profile', () => {
  beforeEach(() => signIn());

  it('shows Loading profile… then the account ID and the filled form', async () => {
    server.use(contractHttp.get('/profile/me', () => HttpResponse.json(stored)));
    renderApp('/dashboard/profile');
    expect(await screen.findByText('Loading profile…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Account Profile' })).toBeInTheDocument();
    expect(screen.getByText('Account ID:')).toHaveTextContent('Account ID: jordan@example.com');
    expect(field(/^Name/)).toHaveValue('Jordan Miles');
    expect(field(/^Mobile/)).toHaveValue('9195550101');
    expect(field(/^Address line 1/)).toHaveValue('12 Oak St');
    expect(field(/^ZIP/)).toHaveValue('27511');
    const email = field('Email');
    expect(email).toHaveValue('jordan@example.com');
    expect(email).toHaveAttribute('readonly');
  });

  it('shows a dash as the account ID when the e-mail is missing', async () => {
    server.use(contractHttp.get('/profile/me', () => HttpResponse.json({ ...stored, email: '' })));
    renderApp('/dashboard/profile');
    expect(await screen.findByText('Account ID:')).toHaveTextContent('Account ID: -');
  });

  it('shows the error message when loading fails', async () => {
    server.use(
      contractHttp.get('/profile/me', () =>
        HttpResponse.json(
          { error: 'Internal Server Error', message: 'Profile store offline' },
          {
            status: 500,
          },
        ),
      ),
    );
    renderApp('/dashboard/profile');
    expect(await screen.findByText('Profile store offline')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Profile' })).not.toBeInTheDocument();
  });

  it('shows the network error when the API cannot be reached', async () => {
    server.use(contractHttp.get('/profile/me', () => HttpResponse.error()));
    renderApp('/dashboard/profile');
    expect(await screen.findByText('Network error')).toBeInTheDocument();
  });

  it('a 401 while loading goes to /auth', async () => {
    server.use(
      contractHttp.get('/profile/me', () =>
        HttpResponse.json({ error: 'Unauthorized', message: 'Token expired' }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/dashboard/profile');
    // The way to /auth loads the auth page's code: more than waitFor's default second here.
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), { timeout: 5000 });
  });

  it('highlights every invalid field and sends nothing', async () => {
    const user = userEvent.setup();
    let puts = 0;
    server.use(
      contractHttp.get('/profile/me', () =>
        HttpResponse.json({ userId: 'user-1', email: 'jordan@example.com', name: '' }),
      ),
      contractHttp.put('/profile/me', () => {
        puts += 1;
        return HttpResponse.json(stored);
      }),
    );
    renderApp('/dashboard/profile');
    await screen.findByRole('heading', { name: 'Your Profile' });
    await user.fill(field(/^Name/), '   ');
    await user.fill(field(/^Mobile/), '555-0101');
    await user.fill(field(/^ZIP/), '2751');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Please fix the highlighted fields.')).toBeInTheDocument();
    const expected: [RegExp, string][] = [
      [/^Name/, 'Name is required.'],
      [/^Mobile/, 'Enter a valid phone number.'],
      [/^Address line 1/, 'Address line 1 is required.'],
      [/^City/, 'City is required.'],
      [/^State/, 'State is required.'],
      [/^ZIP/, 'ZIP must be 5 or 9 digits.'],
    ];
    for (const [label, message] of expected) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(field(label)).toHaveAccessibleDescription(message);
    }
    expect(field(/^Phone/)).toHaveAttribute('aria-invalid', 'false');
    expect(field(/^Address line 2/)).toHaveAttribute('aria-invalid', 'false');
    expect(field(/^Name/)).toHaveFocus();
    expect(puts).toBe(0);

    // Fixing a field clears its highlight.
    await user.fill(field(/^Name/), 'Jordan');
    expect(field(/^Name/)).toHaveAttribute('aria-invalid', 'false');
  });

  it('saves trimmed values with the last 10 digits of the mobile; the answer replaces the form', async () => {
    const user = userEvent.setup();
    const sent = profileApi(() =>
      HttpResponse.json({ ...stored, name: 'Jordan A. Miles', mobile: '9195550199' }),
    );
    renderApp('/dashboard/profile');
    await screen.findByRole('heading', { name: 'Your Profile' });
    await user.clear(field(/^Name/));
    await user.fill(field(/^Name/), '  Jordan Miles  ');
    await user.clear(field(/^Mobile/));
    await user.fill(field(/^Mobile/), '+1 (919) 555-0199');
    await user.fill(field(/^Address line 2/), '  Apt 2 ');
    await user.clear(field(/^ZIP/));
    await user.fill(field(/^ZIP/), ' 27511-1234 ');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Profile saved successfully')).toBeInTheDocument();
    expect(sent[0]).toEqual({
      name: 'Jordan Miles',
      email: 'jordan@example.com',
      phone: '919-555-0100',
      mobile: '9195550199',
      serviceAddress: {
        line1: '12 Oak St',
        line2: 'Apt 2',
        city: 'Cary',
        state: 'NC',
        zip: '27511-1234',
      },
    });
    expect(field(/^Name/)).toHaveValue('Jordan A. Miles');
    expect(field(/^Mobile/)).toHaveValue('9195550199');
  });

  it('a failed save toasts the server message and keeps what was typed', async () => {
    const user = userEvent.setup();
    server.use(
      contractHttp.get('/profile/me', () => HttpResponse.json(stored)),
      contractHttp.put('/profile/me', () =>
        HttpResponse.json(
          { error: 'Bad Request', message: 'State must be 2 letters' },
          {
            status: 400,
          },
        ),
      ),
    );
    renderApp('/dashboard/profile');
    await screen.findByRole('heading', { name: 'Your Profile' });
    await user.clear(field(/^State/));
    await user.fill(field(/^State/), 'North Carolina');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('State must be 2 letters')).toBeInTheDocument();
    expect(field(/^State/)).toHaveValue('North Carolina');
  });

  it('a save that cannot reach the API toasts the network error', async () => {
    const user = userEvent.setup();
    server.use(
      contractHttp.get('/profile/me', () => HttpResponse.json(stored)),
      contractHttp.put('/profile/me', () => HttpResponse.error()),
    );
    renderApp('/dashboard/profile');
    await screen.findByRole('heading', { name: 'Your Profile' });
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Network error')).toBeInTheDocument();
    expect(field(/^Name/)).toHaveValue('Jordan Miles');
  });

  describe("the account screen's own name and phone edit", () => {
    const accountName = () => screen.getByRole('textbox', { name: /^Account name/ });
    const accountPhone = () => screen.getByRole('textbox', { name: /^Account phone/ });

    it('refuses an empty name with "Name cannot be empty." and sends nothing', async () => {
      const user = userEvent.setup();
      const sent = profileApi();
      renderApp('/dashboard/profile');
      await screen.findByRole('heading', { name: 'Account Details' });
      await user.clear(accountName());
      await user.fill(accountName(), '   ');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Name cannot be empty.')).toBeVisible();
      expect(sent).toHaveLength(0);
    });

    it('saves the name and the trimmed phone, keeping the rest of the profile', async () => {
      const user = userEvent.setup();
      const sent = profileApi(() =>
        HttpResponse.json({ ...stored, name: 'Jo Miles', phone: '919-555-0111' }),
      );
      renderApp('/dashboard/profile');
      await screen.findByRole('heading', { name: 'Account Details' });
      await user.clear(accountName());
      await user.fill(accountName(), 'Jo Miles');
      await user.clear(accountPhone());
      await user.fill(accountPhone(), '  919-555-0111  ');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Profile saved successfully')).toBeInTheDocument();
      expect(sent).toEqual([
        {
          name: 'Jo Miles',
          email: 'jordan@example.com',
          phone: '919-555-0111',
          mobile: '9195550101',
          serviceAddress: stored.serviceAddress,
        },
      ]);
    });

    it('a failed save reads "Failed to save profile." and keeps what was typed', async () => {
      const user = userEvent.setup();
      profileApi(() =>
        HttpResponse.json(
          { error: 'Internal Server Error', message: 'Profile store offline' },
          { status: 500 },
        ),
      );
      renderApp('/dashboard/profile');
      await screen.findByRole('heading', { name: 'Account Details' });
      await user.clear(accountName());
      await user.fill(accountName(), 'Jo Miles');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Failed to save profile.')).toBeVisible();
      expect(accountName()).toHaveValue('Jo Miles');
    });
  });
});

describe('E-mail from us', () => {
  beforeEach(() => signIn());

  const toggle = (name: string) => screen.getByRole('switch', { name });

  it('shows the two choices as labelled switches; a flip saves the stored profile with the new choices', async () => {
    const user = userEvent.setup();
    const sent = profileApi(() =>
      HttpResponse.json({ ...stored, emailPreferences: { reminders: false, statusUpdates: true } }),
    );
    renderApp('/dashboard/profile');
    expect(await screen.findByRole('heading', { name: 'E-mail from us' })).toBeInTheDocument();
    expect(toggle('Appointment reminders')).toBeChecked();
    expect(toggle('Appointment reminders')).toHaveAccessibleDescription(
      'An e-mail the evening before an appointment that has a date and time.',
    );
    expect(toggle('Booking updates')).toBeChecked();
    expect(
      screen.getByText('We always e-mail you a confirmation when you send a quote request.'),
    ).toBeInTheDocument();

    await user.click(toggle('Appointment reminders'));
    expect(await screen.findByText('E-mail preferences saved')).toBeInTheDocument();
    expect(toggle('Appointment reminders')).not.toBeChecked();
    expect(sent).toEqual([
      {
        name: 'Jordan Miles',
        email: 'jordan@example.com',
        phone: '919-555-0100',
        mobile: '9195550101',
        serviceAddress: { line1: '12 Oak St', line2: '', city: 'Cary', state: 'NC', zip: '27511' },
        emailPreferences: { reminders: false, statusUpdates: true },
      },
    ]);
  });

  it('shows the stored choices, and puts a switch back when the save fails', async () => {
    const user = userEvent.setup();
    server.use(
      contractHttp.get('/profile/me', () =>
        HttpResponse.json({
          ...stored,
          emailPreferences: { reminders: true, statusUpdates: false },
        }),
      ),
      contractHttp.put('/profile/me', () =>
        HttpResponse.json({ error: 'Internal Server Error', message: 'down' }, { status: 500 }),
      ),
    );
    renderApp('/dashboard/profile');
    await screen.findByRole('heading', { name: 'E-mail from us' });
    expect(toggle('Booking updates')).not.toBeChecked();
    await user.click(toggle('Booking updates'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save your e-mail preferences.',
    );
    expect(toggle('Booking updates')).not.toBeChecked();
    expect(toggle('Appointment reminders')).toBeChecked();
  });
});
