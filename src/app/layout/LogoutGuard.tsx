/**
 * Before the owner signs out with actions still waiting on this phone (src/api/actionQueue.ts:
 * "Mark completed" and pictures made without a connection), one question says what would be
 * lost; signing out anyway removes them, staying keeps them to be sent. Loaded only when an
 * owner signs out (the public pages' header carries none of it).
 */
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { removeActions, waitingCount } from '../../api/actionQueue';
import { getUser } from '../../api/session/tokenStore';

const signedInSub = () => getUser()?.sub ?? '';

/** How many of the signed-in account's actions wait to be sent. */
export const waitingActions = (): Promise<number> => waitingCount(signedInSub());

export const LOGOUT_GUARD_TEXT = {
  title: 'Not sent yet',
  message: (count: number) =>
    count === 1
      ? 'One action made without a connection (Mark completed or a picture) has not reached the server yet. Signing out removes it from this phone and it is never sent. Stay signed in and open the console with a connection to send it.'
      : `${count} actions made without a connection (Mark completed or pictures) have not reached the server yet. Signing out removes them from this phone and they are never sent. Stay signed in and open the console with a connection to send them.`,
  signOut: (count: number) => (count === 1 ? 'Sign out and remove it' : 'Sign out and remove them'),
  stay: 'Stay signed in',
};

export function LogoutGuard({
  waiting,
  onStay,
  onSignOut,
}: {
  waiting: number;
  onStay: () => void;
  onSignOut: () => void;
}) {
  const T = LOGOUT_GUARD_TEXT;
  return (
    <ConfirmDialog
      open
      title={T.title}
      message={T.message(waiting)}
      confirmLabel={T.signOut(waiting)}
      cancelLabel={T.stay}
      confirmColor="error"
      onCancel={onStay}
      onConfirm={() => void removeActions(signedInSub()).finally(onSignOut)}
    />
  );
}
