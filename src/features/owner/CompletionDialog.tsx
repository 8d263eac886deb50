import type { ReactNode } from 'react';
import { DEFAULT_SERVICE_NAME } from '../../../domain/business';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { OwnerBooking } from './api/generated';
import { dayText } from './format';
import { OWNER_TEXT } from './messages';

const T = OWNER_TEXT.request;

/**
 * The one question before a job is marked completed, naming the customer, the service and the
 * day (the request page's and the Route's); `early` when the owner says it was done before its day.
 */
export function CompletionDialog({
  booking,
  open,
  early,
  busy,
  onConfirm,
  onCancel,
  children,
}: {
  booking: OwnerBooking;
  open: boolean;
  early: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={T.confirmTitle}
      message={T.confirmComplete(
        booking.name || booking.email,
        booking.serviceName || DEFAULT_SERVICE_NAME,
        booking.date ? dayText(booking.date) : '',
      )}
      confirmLabel={early ? T.doneEarly : T.confirm}
      cancelLabel={T.notYet}
      confirmColor="success"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {children}
    </ConfirmDialog>
  );
}
