/**
 * The owner's points adjustment: a signed whole number and a reason (both required), the sign
 * spelled out before saving, the server's refusal shown as it says it; what was typed stays
 * until it is saved.
 */
import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAdjustOwnerPointsMutation } from '../api/endpoints';
import { formatCount } from '../../../lib/formatCount';
import { errorMessage, isApiError } from '../../../api/errors';
import { adjustTexts as t } from './messages';

const MAX_REASON = 200;
const WHOLE = /^\s*[-+−]?\s*\d{1,6}\s*$/;

/** The typed points as a whole number (a typographic minus counts), or null. */
function parsePoints(text: string): number | null {
  if (!WHOLE.test(text)) return null;
  const value = Number(text.replace(/\s/g, '').replace('−', '-'));
  return Number.isInteger(value) && value !== 0 ? value : null;
}

export function PointsAdjustmentForm({ userId }: { userId: string }) {
  const titleId = useId();
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [adjust, { isLoading, error, reset }] = useAdjustOwnerPointsMutation();
  const value = parsePoints(points);
  const pointsError = submitted && value === null ? t.pointsInvalid : null;
  const reasonError =
    submitted && reason.trim() === ''
      ? t.reasonRequired
      : reason.length > MAX_REASON
        ? t.reasonTooLong(MAX_REASON)
        : null;
  const preview =
    value === null ? null : value > 0 ? t.adds(formatCount(value)) : t.takes(formatCount(-value));
  const failure = error
    ? isApiError(error) && error.kind === 'network'
      ? t.offline
      : errorMessage(error, t.failed)
    : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSaved(null);
    if (value === null || reason.trim() === '' || reason.length > MAX_REASON) return;
    const answer = await adjust({
      userId,
      ownerPointsAdjustment: { points: value, reason: reason.trim() },
    });
    if ('data' in answer && answer.data) {
      setSaved(
        t.saved(
          value > 0 ? `+${formatCount(value)}` : formatCount(value),
          formatCount(answer.data.points),
        ),
      );
      setPoints('');
      setReason('');
      setSubmitted(false);
    }
  };

  return (
    <Box
      component="form"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      sx={{ mt: 3 }}
    >
      <Typography id={titleId} component="h3" variant="subtitle1" gutterBottom>
        {t.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label={t.points}
          value={points}
          onChange={(event) => {
            setPoints(event.target.value);
            setSaved(null);
            if (error) reset();
          }}
          required
          error={Boolean(pointsError)}
          helperText={pointsError ?? preview ?? t.pointsHelp}
          slotProps={{ htmlInput: { autoComplete: 'off' } }}
        />
        <TextField
          label={t.reason}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setSaved(null);
            if (error) reset();
          }}
          required
          multiline
          minRows={2}
          error={Boolean(reasonError)}
          helperText={reasonError ?? `${reason.length}/${MAX_REASON}`}
        />
        {failure ? (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        {saved ? (
          <Alert severity="success" role="status">
            {saved}
          </Alert>
        ) : null}
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? t.saving : t.submit}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
