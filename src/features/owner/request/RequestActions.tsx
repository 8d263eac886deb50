import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  useCancelOwnerBookingMutation,
  useCompleteOwnerBookingMutation,
  useScheduleOwnerBookingMutation,
  useUploadOwnerPictureMutation,
  type OwnerBooking,
  type UploadOwnerPictureApiArg,
} from '../api/generated';
import { appointmentText, failure, toBookingTime, toInputTime } from '../format';
import { OWNER_TEXT } from '../texts';

const T = OWNER_TEXT.request;

type Changed = (booking: OwnerBooking, message: string) => void;

/** A titled section of the request page holding one action's form. */
function ActionSection({
  title,
  error,
  onSubmit,
  children,
}: {
  title: string;
  error: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 1.5 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={1.5}>
          {children}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </Box>
    </Paper>
  );
}

/** Sets or changes the appointment (New York date and time) and the internal note. */
export function ScheduleForm({
  booking,
  onChanged,
}: {
  booking: OwnerBooking;
  onChanged: Changed;
}) {
  const [date, setDate] = useState(booking.date ?? '');
  const [time, setTime] = useState(toInputTime(booking.time));
  const [note, setNote] = useState(booking.note);
  const [error, setError] = useState('');
  const [schedule, { isLoading }] = useScheduleOwnerBookingMutation();

  const save = async () => {
    const bookingTime = toBookingTime(time);
    if (!date || !bookingTime) {
      setError(T.needDateTime);
      return;
    }
    setError('');
    try {
      const saved = await schedule({
        id: booking.bookingId,
        ownerSchedule: { date, time: bookingTime, note },
      }).unwrap();
      onChanged(saved, T.saved(appointmentText(saved)));
    } catch (caught) {
      setError(failure(caught, T.failed));
    }
  };

  return (
    <ActionSection title={T.scheduleTitle} error={error} onSubmit={() => void save()}>
      <Typography variant="body2" color="text.secondary">
        {T.scheduleHelp}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr' }}>
        <TextField
          label={T.date}
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label={T.time}
          type="time"
          value={time}
          onChange={(event) => setTime(event.target.value)}
          required
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
        />
      </Box>
      <TextField
        label={T.noteField}
        helperText={T.noteHelp}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? T.saving : T.save}
        </Button>
      </Box>
    </ActionSection>
  );
}

/** Marks the job completed: the server credits the points once. */
export function CompleteJob({ booking, onChanged }: { booking: OwnerBooking; onChanged: Changed }) {
  const [error, setError] = useState('');
  const [complete, { isLoading }] = useCompleteOwnerBookingMutation();
  const run = async () => {
    setError('');
    try {
      const done = await complete({ id: booking.bookingId }).unwrap();
      onChanged(
        done.booking,
        done.booking.userId ? T.completed(done.points) : T.completedAnonymous,
      );
    } catch (caught) {
      setError(failure(caught, T.failed));
    }
  };
  return (
    <ActionSection title={T.completeTitle} error={error} onSubmit={() => void run()}>
      <Box>
        <Button type="submit" variant="contained" color="success" disabled={isLoading}>
          {isLoading ? T.completing : T.complete}
        </Button>
      </Box>
    </ActionSection>
  );
}

/** Cancels the request with a reason (kept with the booking). */
export function CancelForm({ booking, onChanged }: { booking: OwnerBooking; onChanged: Changed }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [cancel, { isLoading }] = useCancelOwnerBookingMutation();
  const run = async () => {
    if (!reason.trim()) {
      setError(T.needReason);
      return;
    }
    setError('');
    try {
      const cancelled = await cancel({
        id: booking.bookingId,
        ownerCancellation: { reason: reason.trim() },
      }).unwrap();
      onChanged(cancelled, T.cancelled);
    } catch (caught) {
      setError(failure(caught, T.failed));
    }
  };
  return (
    <ActionSection title={T.cancelTitle} error={error} onSubmit={() => void run()}>
      <TextField
        label={T.reason}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        required
        multiline
        minRows={2}
      />
      <Box>
        <Button type="submit" variant="outlined" color="error" disabled={isLoading}>
          {isLoading ? T.cancelling : T.cancel}
        </Button>
      </Box>
    </ActionSection>
  );
}

/**
 * Before and after pictures from the phone's camera or its files. The server checks the size
 * and the format and says what is wrong; the chosen file and description stay for another try.
 */
export function PictureUpload({ booking }: { booking: OwnerBooking }) {
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [error, setError] = useState('');
  const [uploaded, setUploaded] = useState<string[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const [upload, { isLoading }] = useUploadOwnerPictureMutation();

  const run = async () => {
    if (!file) {
      setError(T.needPicture);
      return;
    }
    setError('');
    try {
      const form = new FormData();
      form.append('description', description.trim());
      form.append('file', file, file.name);
      // The generated type describes the multipart fields; the base query sends FormData as is.
      const body = form as unknown as UploadOwnerPictureApiArg['body'];
      const picture = await upload({ id: booking.bookingId, body }).unwrap();
      setUploaded((list) => [...list, T.uploaded(picture.label)]);
      setFile(null);
      setDescription('');
      setInputKey((key) => key + 1);
    } catch (caught) {
      setError(failure(caught, T.failed));
    }
  };

  return (
    <ActionSection title={T.picturesTitle} error={error} onSubmit={() => void run()}>
      <TextField
        key={inputKey}
        label={T.picture}
        type="file"
        onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { accept: 'image/jpeg,image/png,image/webp', capture: 'environment' },
        }}
      />
      <TextField
        label={T.pictureDescription}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? T.uploading : T.upload}
        </Button>
      </Box>
      <Box role="status">
        {/* Appended only, and the same file may be uploaded twice: keyed by place. */}
        {uploaded.map((line, index) => (
          <Typography key={index}>{line}</Typography>
        ))}
      </Box>
    </ActionSection>
  );
}
