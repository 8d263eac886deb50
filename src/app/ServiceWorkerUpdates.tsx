/**
 * The service worker (written by the build: webpack.config.ts) for signed-in visits: this module
 * (a chunk of its own, with workbox-window) is loaded by the app once a session is signed in and
 * the browser is idle (./App.tsx), never by the public pages (their first-tap JavaScript stays
 * as it is). It keeps the app's shell and hashed files on the
 * device, never an API answer (docs/architecture.md, "Repeat visits and offline"). A new
 * release installs beside the old one and waits: the page says so and reloads only when the
 * person agrees, so old and new files never mix.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { Workbox } from 'workbox-window';

/** Where the build writes the service worker (webpack.config.ts, `SERVICE_WORKER_FILE`). */
const SERVICE_WORKER_URL = '/sw.js';

/** What this module uses of workbox-window's `Workbox`. */
export type ReleaseWatcher = Pick<Workbox, 'register' | 'messageSkipWaiting'> & {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
};

/**
 * Registers the service worker and offers each waiting release: `accept` asks it to take over
 * (skipWaiting, by message), and once it controls the page the page loads again from it.
 */
export function watchReleases(
  wb: ReleaseWatcher,
  offer: (accept: () => void) => void,
  reload: () => void = () => window.location.reload(),
): void {
  wb.addEventListener('waiting', () => offer(() => wb.messageSkipWaiting()));
  wb.addEventListener('controlling', reload);
  void wb.register().catch(() => undefined);
}

/** The consent of the person to a waiting release, once one waits. */
function useWaitingRelease(): (() => void) | null {
  const [accept, setAccept] = useState<(() => void) | null>(null);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    watchReleases(new Workbox(SERVICE_WORKER_URL), (next) => setAccept(() => next));
  }, []);
  return accept;
}

/** "A new version is ready." with Reload (the consent) and Later (put off for this page). */
export function UpdatePrompt({ accept }: { accept: () => void }) {
  const [dismissed, setDismissed] = useState(false);
  return (
    <Snackbar open={!dismissed}>
      <Alert
        severity="info"
        role="status"
        action={
          <>
            <Button color="inherit" size="small" onClick={accept}>
              Reload
            </Button>
            <Button color="inherit" size="small" onClick={() => setDismissed(true)}>
              Later
            </Button>
          </>
        }
      >
        A new version is ready.
      </Alert>
    </Snackbar>
  );
}

/** Registers the service worker; the prompt, when a new release is waiting. */
export default function ServiceWorkerUpdates() {
  const accept = useWaitingRelease();
  return accept ? <UpdatePrompt accept={accept} /> : null;
}
