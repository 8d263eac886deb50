/**
 * Sends the owner's actions kept on this device (src/api/actionQueue.ts) when there is a
 * connection: at the console's start (the next visit), when the browser says it is back online,
 * and right after an action is made. One at a time, oldest first, each with its
 * `Idempotency-Key`, so a send whose answer was lost counts once when it is sent again.
 */
import { useEffect } from 'react';
import { isApiError } from '../../../api/errors';
import { useAppDispatch } from '../../../api/hooks';
import type { AppDispatch } from '../../../api/state';
import { getUser } from '../../../api/session/tokenStore';
import { putAction, queuedActions, type QueuedAction } from '../../../api/actionQueue';
import { ownerApi } from '../api/endpoints';
import type { UploadOwnerPictureApiArg } from '../api/generated';
import { failure } from '../format';
import { OWNER_TEXT } from '../messages';

const T = OWNER_TEXT.request;

/** The signed-in account, whose actions this page may show and send. */
export const currentSub = (): string => getUser()?.sub ?? '';

/**
 * An answer that says nothing about the action: no connection, the server busy (503) or limiting
 * (429), or the session refused (the sign-in page follows). The action waits for the next try.
 */
function isNotAnAnswer(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network') return true;
  return [401, 403, 429, 503].includes(error.status);
}

/** Sends one action; what the owner is told of the server's yes. */
async function send(dispatch: AppDispatch, action: QueuedAction): Promise<string> {
  const key = { id: action.bookingId, 'Idempotency-Key': action.id };
  if (action.kind === 'complete') {
    const done = await dispatch(
      ownerApi.endpoints.completeOwnerBooking.initiate({
        ...key,
        ownerCompletionRequest: action.doneEarly ? { doneEarly: true } : {},
      }),
    ).unwrap();
    return done.booking.userId ? T.completed(done.points) : T.completedAnonymous;
  }
  const form = new FormData();
  form.append('description', '');
  form.append('file', action.file, action.fileName);
  // The generated type describes the multipart fields; the base query sends FormData as is.
  const body = form as unknown as UploadOwnerPictureApiArg['body'];
  await dispatch(ownerApi.endpoints.uploadOwnerPicture.initiate({ ...key, body })).unwrap();
  return T.pictureUploaded;
}

let sending: Promise<void> | null = null;
/** Asked again while sending: one more round after this one. */
let again = false;

async function sendAll(dispatch: AppDispatch, sub: string): Promise<void> {
  const tried = new Set<string>();
  for (;;) {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    const next = (await queuedActions(sub)).find(
      (action) => action.state === 'waiting' && !tried.has(action.id),
    );
    if (!next || currentSub() !== sub) return;
    tried.add(next.id);
    let done: QueuedAction;
    try {
      done = { ...next, state: 'sent', outcome: await send(dispatch, next) };
    } catch (caught) {
      if (isNotAnAnswer(caught)) return;
      done = { ...next, state: 'refused', outcome: failure(caught, OWNER_TEXT.route.notSent) };
    }
    // Signed out meanwhile (the queue was emptied with the owner's consent): nothing is kept.
    if (currentSub() !== sub) return;
    if (!(await queuedActions(sub)).some((action) => action.id === next.id)) continue;
    await putAction(done);
  }
}

/** Sends the signed-in account's waiting actions; one run at a time in this page. */
export function sendQueued(dispatch: AppDispatch): Promise<void> {
  const sub = currentSub();
  if (!sub) return Promise.resolve();
  if (sending) {
    again = true;
    return sending;
  }
  sending = (async () => {
    try {
      do {
        again = false;
        await sendAll(dispatch, sub);
      } while (again);
    } finally {
      sending = null;
    }
  })();
  return sending;
}

/** The console's part: sends what waits now, and whenever the connection returns. */
export function useSendQueued(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const sendNow = () => void sendQueued(dispatch);
    sendNow();
    window.addEventListener('online', sendNow);
    return () => window.removeEventListener('online', sendNow);
  }, [dispatch]);
}
