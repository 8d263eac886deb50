/**
 * The Route stop's "Mark completed" and pictures, which work without a connection: each action
 * is kept on this device first (src/api/actionQueue.ts), then sent (./sendQueued.ts). The stop
 * lists its actions until the owner dismisses them: waiting for a connection, then the server's
 * answer (done, or why not).
 */
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  addActions,
  onQueueChange,
  type NewAction,
  queuedActions,
  removeAction,
  type QueuedAction,
} from '../../../api/actionQueue';
import { useAppDispatch } from '../../../api/hooks';
import { CompletionDialog } from '../CompletionDialog';
import type { OwnerBooking } from '../api/generated';
import { todayInNewYork } from '../format';
import { OWNER_TEXT } from '../messages';
import { currentSub, sendQueued } from './sendQueued';

const R = OWNER_TEXT.request;
const T = OWNER_TEXT.route;

/** Whether the browser says it has a connection (it renders again when that changes). */
function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

/** The signed-in account's kept actions (of one booking), read again after every change. */
function useQueuedActions(bookingId?: string): QueuedAction[] {
  const [actions, setActions] = useState<QueuedAction[]>([]);
  useEffect(() => {
    let live = true;
    const read = () =>
      void queuedActions(currentSub()).then((all) => {
        if (live) setActions(all.filter((action) => !bookingId || action.bookingId === bookingId));
      });
    read();
    const stop = onQueueChange(read);
    return () => {
      live = false;
      stop();
    };
  }, [bookingId]);
  return actions;
}

/** What an action is, as its line names it. */
const actionName = (action: QueuedAction) =>
  action.kind === 'complete' ? R.complete : T.pictureAction(action.fileName);

function stateText(action: QueuedAction): string {
  if (action.state === 'sent') return action.outcome;
  if (action.state === 'refused') return T.refused(action.outcome);
  return T.waiting;
}

export function StopActions({ booking }: { booking: OwnerBooking }) {
  const dispatch = useAppDispatch();
  const online = useOnline();
  const actions = useQueuedActions(booking.bookingId);
  const [asking, setAsking] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const [error, setError] = useState('');
  const name = booking.name || booking.email;
  // A day after today needs the owner's word that the job was done early (the server's rule).
  const early = !!booking.date && booking.date > todayInNewYork();
  const completing = actions.some(
    (action) => action.kind === 'complete' && action.state !== 'refused',
  );

  const keep = async (made: NewAction[]) => {
    setError('');
    try {
      await addActions(currentSub(), made);
    } catch {
      setError(T.notKept);
      return;
    }
    void sendQueued(dispatch);
  };
  const complete = () => {
    setAsking(false);
    void keep([{ kind: 'complete', bookingId: booking.bookingId, name, doneEarly: early }]);
  };
  const addPictures = (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    setInputKey((key) => key + 1);
    if (chosen.length === 0) return;
    void keep(
      chosen.map((file) => ({
        kind: 'picture' as const,
        bookingId: booking.bookingId,
        name,
        file,
        fileName: file.name,
      })),
    );
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {booking.status === 'Booked' && !completing && (
          <Button variant="outlined" color="success" size="small" onClick={() => setAsking(true)}>
            {R.complete}
          </Button>
        )}
        {booking.status !== 'Cancelled' && (
          <TextField
            key={inputKey}
            size="small"
            label={R.pictures}
            type="file"
            onChange={(event) => addPictures((event.target as HTMLInputElement).files)}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { accept: 'image/*', multiple: true },
            }}
          />
        )}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <CompletionDialog
        booking={booking}
        open={asking}
        early={early}
        onConfirm={complete}
        onCancel={() => setAsking(false)}
      >
        {!online && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {T.offlineKept}
          </Typography>
        )}
      </CompletionDialog>
    </Box>
  );
}

/**
 * Every action kept on this phone, above the Route's days: a stop leaves the Route once its job
 * is completed, and its answer must still be read.
 */
export function KeptActions() {
  const actions = useQueuedActions();
  const listId = useId();
  if (actions.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={listId} sx={{ mb: 2 }}>
      <Typography id={listId} variant="h6" component="h2" sx={{ fontSize: '1rem' }}>
        {T.kept}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {actions.map((action) => (
          <Box
            component="li"
            key={action.id}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography
              variant="body2"
              role="status"
              color={action.state === 'refused' ? 'error' : undefined}
              sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}
            >
              {`${action.name} · ${actionName(action)}: ${stateText(action)}`}
            </Typography>
            {action.state !== 'waiting' && (
              <Button
                size="small"
                aria-label={T.dismissLabel(`${action.name} · ${actionName(action)}`)}
                onClick={() => void removeAction(action.id)}
              >
                {T.dismiss}
              </Button>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
