import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';
import { apiUrl } from '../testing/api';
import { contractHttp } from '../testing/contractHttp';
import { installErrorReporting, resetErrorReporting } from './clientErrors';
import { wakeIslands } from './islands/wake';

// The contact page's code cannot be loaded (as when its chunk fails to download).
jest.mock('../features/marketing/pages/ContactPage', () => {
  const error = new Error('Loading chunk route-contact failed.');
  error.name = 'ChunkLoadError';
  throw error;
});

/** The bodies of the reports the server received. */
function captureReports(): Record<string, unknown>[] {
  const received: Record<string, unknown>[] = [];
  server.use(
    contractHttp.post('/client-errors', async ({ request }) => {
      received.push({ ...(await request.json()) });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return received;
}

const SECRET_QUERY = '?email=jane%40example.com&token=eyJhbGciOi.secret';

let uninstall: () => void;
beforeEach(() => {
  resetErrorReporting();
  window.history.pushState(null, '', `/dashboard/bookings${SECRET_QUERY}#access_token=abc`);
  uninstall = installErrorReporting();
});
afterEach(() => {
  uninstall();
  window.history.pushState(null, '', '/');
});

describe('errors met in the browser reach the server', () => {
  it('an error thrown in an event handler is reported with the path only', async () => {
    const received = captureReports();
    const button = document.createElement('button');
    button.addEventListener('click', () => {
      throw new TypeError('Cannot read properties of undefined (reading "map")');
    });
    document.body.append(button);
    // jsdom reports an uncaught listener error as the browser does: an `error` event on window.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    button.click();
    consoleError.mockRestore();
    button.remove();

    await waitFor(() => expect(received).toHaveLength(1));
    // With the script file it was thrown in (here the test's own file) and its line.
    expect(received[0]).toEqual({
      message: 'TypeError: Cannot read properties of undefined (reading "map")',
      kind: 'error',
      path: '/dashboard/bookings',
      source: expect.stringMatching(/clientErrors\.test\.tsx$/),
      line: expect.any(Number),
    });
    const sent = JSON.stringify(received);
    expect(sent).not.toContain('?');
    expect(sent).not.toContain('token');
    expect(sent).not.toContain('jane');
  });

  it('a promise rejected with nobody waiting is reported', async () => {
    const received = captureReports();
    window.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), { reason: new Error('quota exceeded') }),
    );
    await waitFor(() =>
      expect(received).toEqual([
        { message: 'Error: quota exceeded', kind: 'rejection', path: '/dashboard/bookings' },
      ]),
    );
  });

  it('a page whose code fails to load is reported as a chunk failure', async () => {
    const received = captureReports();
    window.history.pushState(null, '', `/contact${SECRET_QUERY}`);
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(`/contact${SECRET_QUERY}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(received).toEqual([
        {
          message: 'ChunkLoadError: Loading chunk route-contact failed.',
          kind: 'chunk',
          path: '/contact',
        },
      ]),
    );
    expect(JSON.stringify(received)).not.toMatch(/token|email|\?/);
    consoleError.mockRestore();
  });

  it('a public page whose island code fails to download is reported as a chunk failure', async () => {
    const received = captureReports();
    window.history.pushState(null, '', `/services${SECRET_QUERY}`);
    document.body.innerHTML = '<div data-island="menu"><button>Menu</button></div>';
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = Object.assign(new Error('Loading chunk island-menu failed.'), {
      name: 'ChunkLoadError',
    });
    wakeIslands({ menu: { wake: 'touch', load: () => Promise.reject(failed) } }, () =>
      Promise.resolve({ hydrateIsland: () => Promise.resolve() }),
    );
    document.querySelector('button')!.click();
    await waitFor(() =>
      expect(received).toEqual([
        {
          message: 'ChunkLoadError: Loading chunk island-menu failed.',
          kind: 'chunk',
          path: '/services',
        },
      ]),
    );
    consoleError.mockRestore();
    document.body.innerHTML = '';
  });

  it('sends a few reports per page load, and the same error once', async () => {
    const received = captureReports();
    for (const message of ['a', 'a', 'b', 'c', 'd', 'e']) {
      window.dispatchEvent(
        Object.assign(new Event('unhandledrejection'), { reason: new Error(message) }),
      );
    }
    await waitFor(() => expect(received).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received.map((report) => report.message)).toEqual(['Error: a', 'Error: b', 'Error: c']);
  });

  it('uses a beacon where the browser has one, so a report outlives the page', async () => {
    const beacons: { url: string; body: Blob }[] = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: URL, body: Blob) => beacons.push({ url: String(url), body }) > 0,
    });
    try {
      window.dispatchEvent(
        Object.assign(new Event('unhandledrejection'), { reason: new Error('beacon') }),
      );
      expect(beacons.map((beacon) => beacon.url)).toEqual([apiUrl('/client-errors')]);
      expect(beacons[0]!.body.type).toBe('application/json');
      expect(JSON.parse(await beacons[0]!.body.text())).toEqual({
        message: 'Error: beacon',
        kind: 'rejection',
        path: '/dashboard/bookings',
      });
    } finally {
      delete (navigator as { sendBeacon?: unknown }).sendBeacon;
    }
  });

  it('never throws when the server cannot be reached', async () => {
    server.use(http.post(apiUrl('/client-errors'), () => HttpResponse.error()));
    expect(() =>
      window.dispatchEvent(
        Object.assign(new Event('unhandledrejection'), { reason: 'a plain string' }),
      ),
    ).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});
