/**
 * The owner's calendar feed on the Availability screen (docs/product.md §10, Availability): the
 * private address a phone's calendar subscribes to, `Copy address` (the clipboard, or the
 * address selected for copying by hand where the browser refuses), and `Make a new address`,
 * asked once, which ends the old address at once.
 */
import { useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useGetOwnerCalendarFeedQuery, useRenewOwnerCalendarFeedMutation } from '../api/endpoints';
import { failure } from '../format';
import { Failure } from '../Failure';
import { calendarFeedTexts as t } from './messages';

export function CalendarFeedSection() {
  const headingId = useId();
  const feed = useGetOwnerCalendarFeedQuery();
  const [renew, renewing] = useRenewOwnerCalendarFeedMutation();
  const [asking, setAsking] = useState(false);
  const [said, setSaid] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const url = renewing.data?.url ?? feed.data?.url;

  const selectAddress = () => {
    field.current?.focus();
    field.current?.select();
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setSaid(t.copied);
    } catch {
      // No clipboard (an old browser, or no permission): the address is selected instead.
      selectAddress();
      setSaid(t.copyByHand);
    }
  };
  const makeNew = async () => {
    try {
      await renew().unwrap();
      setAsking(false);
      setSaid(t.renewed);
    } catch {
      // The dialog stays open, showing why.
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, mb: 2 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {t.title}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t.intro}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t.howTo}
      </Typography>
      {feed.isLoading && <CircularProgress aria-label={t.loading} />}
      {feed.isError && !url && (
        <Failure error={feed.error} fallback={t.failed} onRetry={() => void feed.refetch()} />
      )}
      {url && (
        <>
          <TextField
            label={t.address}
            value={url}
            fullWidth
            inputRef={field}
            onFocus={selectAddress}
            helperText={t.secret}
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
            sx={{ mb: 1 }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" onClick={() => void copy()}>
              {t.copy}
            </Button>
            <Button
              variant="outlined"
              color="error"
              onClick={() => {
                renewing.reset();
                setAsking(true);
              }}
            >
              {t.renew}
            </Button>
          </Box>
        </>
      )}
      <Box role="status" sx={{ mt: said ? 1 : 0 }}>
        {said && <Alert severity={said === t.copyByHand ? 'info' : 'success'}>{said}</Alert>}
      </Box>
      <ConfirmDialog
        open={asking}
        title={t.renewTitle}
        message={t.renewMessage}
        confirmLabel={t.renewConfirm}
        cancelLabel={t.keep}
        busy={renewing.isLoading}
        onConfirm={() => void makeNew()}
        onCancel={() => setAsking(false)}
      >
        {renewing.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failure(renewing.error, t.renewFailed)}
          </Alert>
        )}
      </ConfirmDialog>
    </Paper>
  );
}
