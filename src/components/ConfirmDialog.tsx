import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmDialogProps {
  open: boolean;
  /** Dialog heading; defaults to "Please confirm". */
  title?: string;
  /** The question, e.g. the spec's "Are you sure you want to delete this vehicle?". */
  message: ReactNode;
  /** Label of the confirming button; defaults to "Confirm". */
  confirmLabel?: string;
  /** Label of the dismissing button; defaults to "Cancel". */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While true both buttons are disabled and the dialog cannot be dismissed. */
  busy?: boolean;
  /** The confirming button's colour; `error` (a destructive action) unless said. */
  confirmColor?: 'error' | 'primary' | 'success';
  /** Shown under the message, e.g. why the last try failed. */
  children?: ReactNode;
}

/**
 * An accessible confirmation (MUI Dialog: role="dialog", labelled by its title, described by its
 * message, focus trapped and returned, Escape and backdrop click cancel). The cancel button gets
 * the initial focus so that Enter never confirms a destructive action by accident.
 */
export function ConfirmDialog({
  open,
  title = 'Please confirm',
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy = false,
  confirmColor = 'error',
  children,
}: ConfirmDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const messageId = `${id}-message`;
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
      // The least destructive choice gets focus, so Enter never confirms by accident.
      slotProps={{ transition: { onEntering: () => cancelRef.current?.focus() } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{message}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} ref={cancelRef}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} disabled={busy} color={confirmColor} variant="contained">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
}

/**
 * Promise-style confirmation:
 *
 * ```tsx
 * const { confirm, dialog } = useConfirm();
 * if (await confirm({ message: 'Cancel this subscription?' })) { ... }
 * return <>{...}{dialog}</>;
 * ```
 */
export function useConfirm() {
  // The last options stay while the dialog fades out, so its text does not flicker.
  const [state, setState] = useState<{ open: boolean; options: ConfirmOptions }>({
    open: false,
    options: { message: '' },
  });
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const settle = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setState((prev) => ({ ...prev, open: false }));
  }, []);

  const confirm = useCallback((options: ConfirmOptions) => {
    resolver.current?.(false);
    setState({ open: true, options });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const { open, options } = state;
  const dialog = useMemo(
    () => (
      <ConfirmDialog
        open={open}
        title={options.title}
        message={options.message}
        confirmLabel={options.confirmLabel}
        cancelLabel={options.cancelLabel}
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
      />
    ),
    [open, options, settle],
  );

  return { confirm, dialog };
}
