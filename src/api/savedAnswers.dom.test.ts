import { http, HttpResponse } from 'msw';
import { act } from '@testing-library/react';
import { apiUrl } from '../testing/api';
import { contractHttp } from '../testing/contractHttp';
import { server } from '../testing/server';
import { signIn } from '../testing/tokens';
import { websiteBooking as booking } from '../testing/bookings';
import { makeStore } from '../testing/render';
import { api } from './endpoints';
import type { Booking } from './generated';
import { logout } from './session/logout';
import { expireSession } from './session/session';
import { startSessionWatch } from './session/sessionWatch';
import { LOGOUT_EVENT_KEY } from './session/tokenStore';
import { savedAnswersStatus, SAVED_ANSWERS_PREFIX } from './savedAnswers';

/** The keys this site's saved answers sit under in local storage. */
const savedKeys = () =>
  Object.keys(localStorage).filter((key) => key.startsWith(SAVED_ANSWERS_PREFIX));

/** Asks for the bookings through a fresh store (a new visit) and returns what its cache holds. */
async function visit() {
  const store = makeStore();
  const result = await store.dispatch(api.endpoints.listBookings.initiate(undefined));
  const entry = Object.values(store.getState().api?.queries ?? {}).find(
    (query) => query?.endpointName === 'listBookings',
  );
  const cached = { data: entry?.data as Booking[] | undefined };
  return { store, result, cached };
}

const answerBookings = (ids: string[]) =>
  server.use(contractHttp.get('/bookings', () => HttpResponse.json(ids.map((id) => booking(id)))));
const goOffline = () => server.use(http.get(apiUrl('/bookings'), () => HttpResponse.error()));

describe('saved answers (per account, on this device)', () => {
  it('keeps the signed-in account’s answers under its own key only', async () => {
    signIn({ sub: 'account-a' });
    answerBookings(['b-a1']);
    await visit();
    expect(savedKeys()).toEqual([`${SAVED_ANSWERS_PREFIX}account-a`]);
    expect(localStorage.getItem(`${SAVED_ANSWERS_PREFIX}account-a`)).toContain('b-a1');
  });

  it('a repeat visit without a connection shows the saved answer and says when it was saved', async () => {
    signIn({ sub: 'account-a' });
    answerBookings(['b-a1']);
    const before = Date.now();
    await visit();
    goOffline();
    const { result, cached } = await visit();
    expect(result.error).toBeDefined();
    expect(cached.data?.map((b) => b.bookingId)).toEqual(['b-a1']);
    const status = savedAnswersStatus();
    expect(status.offline).toBe(true);
    expect(status.savedAt).toBeGreaterThanOrEqual(before);
  });

  it('a fresh answer replaces the saved one and the notice goes', async () => {
    signIn({ sub: 'account-a' });
    answerBookings(['b-a1']);
    await visit();
    answerBookings(['b-a2']);
    const { cached } = await visit();
    expect(cached.data?.map((b) => b.bookingId)).toEqual(['b-a2']);
    expect(savedAnswersStatus()).toEqual({ savedAt: null, offline: false });
    expect(localStorage.getItem(`${SAVED_ANSWERS_PREFIX}account-a`)).toContain('b-a2');
  });

  it('another account in the same browser sees none of the first one’s answers', async () => {
    signIn({ sub: 'account-a' });
    answerBookings(['b-a1']);
    await visit();
    signIn({ sub: 'account-b', email: 'other@example.com' });
    goOffline();
    const { cached } = await visit();
    expect(cached.data).toBeUndefined();
    expect(savedAnswersStatus().savedAt).toBeNull();
  });

  it.each([
    ['a logout in this tab', (store: ReturnType<typeof makeStore>) => logout(store.dispatch)],
    [
      'the API refusing the token (the session ended on the server)',
      (store: ReturnType<typeof makeStore>) => expireSession(store.dispatch),
    ],
  ])('are removed at %s', async (_name, end) => {
    signIn({ sub: 'account-a' });
    answerBookings(['b-a1']);
    const { store } = await visit();
    expect(savedKeys()).toHaveLength(1);
    end(store);
    expect(savedKeys()).toEqual([]);
    expect(savedAnswersStatus().savedAt).toBeNull();
  });

  it('are removed at a logout in another tab', async () => {
    signIn({ sub: 'account-a' });
    answerBookings(['b-a1']);
    const { store } = await visit();
    const stop = startSessionWatch(store);
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: LOGOUT_EVENT_KEY, newValue: String(Date.now()) }),
      );
    });
    stop();
    expect(savedKeys()).toEqual([]);
  });

  it('an answer that arrives after the account changed is not saved for the new one', async () => {
    signIn({ sub: 'account-a' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      contractHttp.get('/bookings', async () => {
        await held;
        return HttpResponse.json([booking('b-a1')]);
      }),
    );
    const store = makeStore();
    const request = store.dispatch(api.endpoints.listBookings.initiate(undefined));
    signIn({ sub: 'account-b', email: 'other@example.com' });
    release();
    await request;
    expect(savedKeys()).toEqual([]);
  });
});
