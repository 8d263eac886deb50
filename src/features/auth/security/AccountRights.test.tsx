/**
 * "Download my data" and "Delete my account" on Account Security, against the fake pool (the
 * Cognito protocol through MSW) and the API through MSW.
 */
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { HttpResponse } from 'msw';
import { contractHttp } from '../../../testing/contractHttp';
import { getTokens, setTokens } from '../../../api/session/tokenStore';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { createFakeCognito, type FakeCognito } from '../../../testing/cognito';
import type { AccountExport } from '../../../api/generated';

jest.mock('../../../config/env', () => {
  const actual = jest.requireActual<typeof import('../../../config/env')>('../../../config/env');
  const { identityTestEnv } = jest.requireActual<typeof import('../../../testing/cognito')>(
    '../../../testing/cognito',
  );
  return { env: { ...actual.env, ...identityTestEnv } };
});

const EMAIL = 'jordan@example.com';
const PASSWORD = 'Secret#123';
const AT = '2026-11-20T12:00:00.000Z';

/** What the API answers to the export (the page saves it as it is). */
const exported: AccountExport = {
  exportedAt: AT,
  signIn: { userId: 'user-1', email: EMAIL, emailVerified: true },
  profile: { userId: 'user-1', email: EMAIL, name: 'Jordan Miles' },
  vehicles: [{ vehicleId: 'v1', make: 'Mazda', model: 'CX-5', year: 2021 }],
  bookings: [],
  schedulingServiceBookings: [],
  subscriptions: [],
  loyalty: { userId: 'user-1', points: 0, transactions: [], createdAt: AT, lastUpdated: AT },
  pictures: [],
  ownerNotes: [],
  emailPreferences: null,
};

let fake: FakeCognito;
let saved: Blob[];
beforeEach(() => {
  fake = createFakeCognito();
  server.use(...fake.handlers);
  saved = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:my-data';
  });
  URL.revokeObjectURL = jest.fn();
});

async function openPage() {
  fake.addUser({ email: EMAIL, password: PASSWORD });
  setTokens(fake.issueTokens(EMAIL));
  const rendered = renderApp('/dashboard/security');
  await screen.findByRole('heading', { level: 1, name: 'Account Security' });
  return { ...rendered, user: userEvent.setup() };
}

describe('download my data', () => {
  it('saves the answer as my-data.json, and says when the minute is not over (no retry)', async () => {
    let calls = 0;
    server.use(
      contractHttp.get('/account/export', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(exported)
          : HttpResponse.json(
              {
                error: 'Too Many Requests',
                message: 'You can download your data once a minute; try again in 42 seconds',
              },
              { status: 429, headers: { 'Retry-After': '42' } },
            );
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your data has been downloaded as my-data.json.',
    );
    expect(JSON.parse(await saved[0]!.text())).toEqual(exported);

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can download your data once a minute; try again in 42 seconds',
    );
    expect(calls).toBe(2);
  });
});

describe('delete my account', () => {
  it('refuses another e-mail without calling anyone', async () => {
    let called = false;
    server.use(
      contractHttp.post('/account/deletion', () => {
        called = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openPage();
    await user.fill(screen.getByLabelText('Type your e-mail to confirm'), 'someone@example.com');
    await user.fill(screen.getByLabelText('Your password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mail does not match your account.',
    );
    expect(called).toBe(false);
    expect(fake.callsTo('InitiateAuth')).toHaveLength(0);
  });

  it('keeps the session and says so when the API could not delete the account', async () => {
    server.use(
      contractHttp.post('/account/deletion', () =>
        HttpResponse.json(
          {
            error: 'Bad Gateway',
            message:
              'Your account could not be deleted right now; nothing was deleted. Please try again.',
          },
          { status: 502 },
        ),
      ),
    );
    const { user, router } = await openPage();
    await user.fill(screen.getByLabelText('Type your e-mail to confirm'), EMAIL);
    await user.fill(screen.getByLabelText('Your password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account could not be deleted right now; nothing was deleted. Please try again.',
    );
    expect(router.state.location.pathname).toBe('/dashboard/security');
    expect(getTokens().idToken).not.toBe('');
  });

  it('signs in again with the password, sends that access token, clears this browser and lands on /', async () => {
    let sent: unknown;
    let exports = 0;
    server.use(
      contractHttp.get('/account/export', () => {
        exports += 1;
        return sent
          ? HttpResponse.json({ error: 'Unauthorized', message: 'gone' }, { status: 401 })
          : HttpResponse.json(exported);
      }),
      contractHttp.post('/account/deletion', async ({ request }) => {
        sent = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = await openPage();
    localStorage.setItem('quoteDraft.v1', '{"name":"Jordan"}');
    // A download first: the deletion must not fetch it again (the API would answer 401).
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await screen.findByText('Your data has been downloaded as my-data.json.');
    await user.fill(screen.getByLabelText('Type your e-mail to confirm'), 'Jordan@Example.com');
    await user.fill(screen.getByLabelText('Your password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(sent).toBeDefined());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your account has been deleted. We are sorry to see you go.',
    );
    expect(fake.callsTo('InitiateAuth')).toHaveLength(1);
    expect(exports).toBe(1);
    expect(sent).toEqual({ email: 'Jordan@Example.com', accessToken: expect.any(String) });
    expect(Object.keys({ ...localStorage })).toEqual([]);
    expect(Object.keys({ ...sessionStorage })).toEqual([]);
  }, 60_000);
});
