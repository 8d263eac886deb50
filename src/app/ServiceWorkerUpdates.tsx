/**
 * The service worker (dist/sw.js, written by the build: webpack.config.ts) for signed-in
 * visits: registered from the app once a session is signed in and the browser is idle, never by
 * the public pages (their first-tap JavaScript stays as it is). It keeps the app's shell and
 * hashed files on the device, never an API answer (docs/architecture.md, "Repeat visits and
 * offline"). A new release installs beside the old one and waits: the page says so and
 * reloads only when the person agrees, so old and new files never mix.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import type { Workbox } from 'workbox-window';
import { useAppSelector } from '../api/hooks';
import { whenIdle } from '../lib/whenIdle';

/** Where the build writes the service worker (webpack.config.ts, `SERVICE_WORKER_FILE`). */
const SERVICE_WORKER_URL = '/sw.js';

function useWaitingRelease(): Workbox | null {
  const signedIn = useAppSelector((state) => state.session.status === 'authenticated');
  const [waiting, setWaiting] = useState<Workbox | null>(null);
  useEffect(() => {
    if (!signedIn || process.env.NODE_ENV !== 'production') return;
    if (!('serviceWorker' in navigator)) return;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void import(/* webpackChunkName: "service-worker" */ 'workbox-window').then(({ Workbox }) => {
        if (cancelled) return;
        const wb = new Workbox(SERVICE_WORKER_URL);
        wb.addEventListener('waiting', () => setWaiting(wb));
        // The new release took over at the person's word: load the page from it.
        wb.addEventListener('controlling', () => window.location.reload());
        void wb.register().catch(() => undefined);
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [signedIn]);
  return waiting;
}

/** "A new version is ready" with its Reload button, when a new release is waiting. */
export function ServiceWorkerUpdates() {
  const waiting = useWaitingRelease();
  const [dismissed, setDismissed] = useState(false);
  return (
    <Snackbar open={Boolean(waiting) && !dismissed}>
      <Alert
        severity="info"
        role="status"
        onClose={() => setDismissed(true)}
        action={
          <Button color="inherit" size="small" onClick={() => waiting?.messageSkipWaiting()}>
            Reload
          </Button>
        }
      >
        A new version is ready.
      </Alert>
    </Snackbar>
  );
}
