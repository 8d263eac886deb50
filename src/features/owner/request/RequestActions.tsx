import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_SERVICE_NAME } from '../../../../domain/business';
import { DONE_MAIL_DELAY_MS, UNDO_COMPLETION_MS } from '../../../../domain/completion';
import { slotRefusal, type FreeTime } from '../../../api/errors';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/toast';
import {
  useCancelOwnerBookingMutation,
  useCompleteOwnerBookingMutation,
  useGetOwnerBookingAvailabilityQuery,
  useListOwnerPicturesQuery,
  useOwnerPicturesInMutation,
  useScheduleOwnerBookingMutation,
  useUndoOwnerCompletionMutation,
  useUploadOwnerPictureMutation,
} from '../api/endpoints';
import { type OwnerBooking, type UploadOwnerPictureApiArg } from '../api/generated';
import { appointmentText, dayText, failure, todayInNewYork, toBookingTime } from '../format';
import { OWNER_TEXT } from '../messages';

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

/** The time list's entry that reveals a free time field (no free time is written like it). */
const ANOTHER = 'another';

/**
 * The time list: the owner's free times for the booking's job on `date` (the server's,
 * not counting the booking's own time), its current time on its own day when that is not
 * among them, and "Another time…".
 */
function TimeChoice({
  booking,
  date,
  value,
  onChange,
}: {
  booking: OwnerBooking;
  date: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { data, isFetching, error } = useGetOwnerBookingAvailabilityQuery(
    { id: booking.bookingId, from: date, to: date },
    { skip: !date },
  );
  const free = data?.find((day) => day.date === date)?.times ?? [];
  const current = date === booking.date && booking.time && !free.includes(booking.time);
  let help: string = T.timeHelp;
  if (error) help = failure(error, T.timesFailed);
  else if (isFetching) help = T.timesLoading;
  else if (date && data && free.length === 0) help = T.noFreeTimes;
  return (
    <TextField
      select
      label={T.time}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      helperText={help}
      slotProps={{ inputLabel: { shrink: true }, select: { native: true } }}
    >
      <option value="">{T.chooseTime}</option>
      {current && <option value={booking.time}>{T.currentTime(booking.time!)}</option>}
      {free.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
      <option value={ANOTHER}>{T.anotherTime}</option>
    </TextField>
  );
}

/**
 * Sets or changes the appointment (New York date and time) and the internal note. The time is
 * chosen among the owner's free times; another one is the owner's to choose, after the server's
 * refusal and a warning ("Schedule anyway" sends `override`).
 */
export function ScheduleForm({
  booking,
  onChanged,
  onAttempt,
}: {
  booking: OwnerBooking;
  onChanged: Changed;
  /** A new attempt starts: what the last one said no longer holds. */
  onAttempt: () => void;
}) {
  const [date, setDate] = useState(booking.date ?? '');
  const [choice, setChoice] = useState(booking.time ?? '');
  const [otherTime, setOtherTime] = useState('');
  const [note, setNote] = useState(booking.note);
  const [error, setError] = useState('');
  // The server refused the time as not free: its words and the nearest free times.
  const [refusal, setRefusal] = useState<{ message: string; nearest: FreeTime[] } | null>(null);
  const [schedule, { isLoading }] = useScheduleOwnerBookingMutation();
  const time = choice === ANOTHER ? toBookingTime(otherTime) : choice;

  const changeDate = (value: string) => {
    setDate(value);
    if (choice !== ANOTHER) setChoice(value === booking.date ? (booking.time ?? '') : '');
    setRefusal(null);
  };
  const save = async (override = false) => {
    onAttempt();
    if (!date || !time) {
      setError(T.needDateTime);
      return;
    }
    setError('');
    setRefusal(null);
    try {
      const saved = await schedule({
        id: booking.bookingId,
        ownerSchedule: { date, time, note, ...(override ? { override: true } : {}) },
      }).unwrap();
      onChanged(saved, T.saved(appointmentText(saved)));
    } catch (caught) {
      const nearest = slotRefusal(caught);
      if (nearest) setRefusal({ message: failure(caught, T.failed), nearest });
      else setError(failure(caught, T.failed));
    }
  };
  const takeNearest = (free: FreeTime) => {
    setDate(free.date);
    setChoice(free.time);
    setRefusal(null);
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
          onChange={(event) => changeDate(event.target.value)}
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TimeChoice
          booking={booking}
          date={date}
          value={choice}
          onChange={(value) => {
            setChoice(value);
            setRefusal(null);
          }}
        />
      </Box>
      {choice === ANOTHER && (
        <TextField
          label={T.anotherTimeField}
          type="time"
          value={otherTime}
          onChange={(event) => {
            setOtherTime(event.target.value);
            setRefusal(null);
          }}
          required
          helperText={T.anotherTimeHelp}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
        />
      )}
      <TextField
        label={T.noteField}
        helperText={T.noteHelp}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
      />
      {refusal && (
        <Alert severity="warning" role="alert">
          <Typography>{refusal.message}</Typography>
          <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{T.notFree}</Typography>
          {refusal.nearest.length > 0 && (
            <>
              <Typography sx={{ mt: 1 }}>{T.nearestFree}</Typography>
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
                {refusal.nearest.map((free) => (
                  <Button
                    key={`${free.date} ${free.time}`}
                    size="small"
                    variant="outlined"
                    onClick={() => takeNearest(free)}
                  >
                    {appointmentText(free)}
                  </Button>
                ))}
              </Stack>
            </>
          )}
          <Button
            sx={{ mt: 1 }}
            variant="contained"
            color="warning"
            disabled={isLoading}
            onClick={() => void save(true)}
          >
            {T.scheduleAnyway}
          </Button>
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? T.saving : T.save}
        </Button>
      </Box>
    </ActionSection>
  );
}

/** `at` (an ISO instant) is less than `ms` ago. */
const isRecent = (at: string | null | undefined, ms: number) =>
  !!at && Date.now() - Date.parse(at) < ms;

/** Takes a completion back; the page shows the booking Booked again. */
function useUndoCompletion(onChanged: Changed) {
  const [undo, { isLoading }] = useUndoOwnerCompletionMutation();
  const toast = useToast();
  const run = async (bookingId: string) => {
    try {
      onChanged(await undo({ id: bookingId }).unwrap(), T.undone);
    } catch (caught) {
      toast.error(failure(caught, T.failed));
    }
  };
  return { run, isLoading };
}

/**
 * Marks the job completed after one question naming the customer, the service and the day; the
 * server credits the points once. An appointment after today is refused until the owner says it
 * was done early. The toast that follows offers Undo.
 */
export function CompleteJob({ booking, onChanged }: { booking: OwnerBooking; onChanged: Changed }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState('');
  // The server refused a day after today: the next confirmation says it was done early.
  const [early, setEarly] = useState(false);
  const [complete, { isLoading }] = useCompleteOwnerBookingMutation();
  const undo = useUndoCompletion(onChanged);
  const toast = useToast();
  const name = booking.name || booking.email;
  const close = () => {
    setAsking(false);
    setError('');
    setEarly(false);
  };
  const run = async () => {
    setError('');
    try {
      const done = await complete({
        id: booking.bookingId,
        ownerCompletionRequest: early ? { doneEarly: true } : {},
      }).unwrap();
      close();
      onChanged(
        done.booking,
        done.booking.userId ? T.completed(done.points) : T.completedAnonymous,
      );
      toast.withAction(T.completedToast(name), T.undo, () => void undo.run(booking.bookingId));
    } catch (caught) {
      const status = (caught as { status?: unknown } | null)?.status;
      setEarly(status === 409 && !!booking.date && booking.date > todayInNewYork());
      setError(failure(caught, T.failed));
    }
  };
  return (
    <ActionSection title={T.completeTitle} error="" onSubmit={() => setAsking(true)}>
      <Box>
        <Button type="submit" variant="contained" color="success" disabled={isLoading}>
          {isLoading ? T.completing : T.complete}
        </Button>
      </Box>
      <ConfirmDialog
        open={asking}
        title={T.confirmTitle}
        message={T.confirmComplete(
          name,
          booking.serviceName || DEFAULT_SERVICE_NAME,
          booking.date ? dayText(booking.date) : '',
        )}
        confirmLabel={early ? T.doneEarly : T.confirm}
        cancelLabel={T.notYet}
        confirmColor="success"
        busy={isLoading}
        onConfirm={() => void run()}
        onCancel={close}
      >
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </ConfirmDialog>
    </ActionSection>
  );
}

/**
 * A job completed a moment ago: the owner says the pictures are in (the customer's "done" e-mail
 * goes then rather than 30 minutes after completing), or takes the completion back.
 */
export function FinishedJob({ booking, onChanged }: { booking: OwnerBooking; onChanged: Changed }) {
  const [error, setError] = useState('');
  const [picturesIn, { isLoading }] = useOwnerPicturesInMutation();
  const undo = useUndoCompletion(onChanged);
  const sayPicturesIn = async () => {
    setError('');
    try {
      await picturesIn({ id: booking.bookingId }).unwrap();
      onChanged(booking, T.picturesInDone);
    } catch (caught) {
      setError(failure(caught, T.failed));
    }
  };
  const canUndo = isRecent(booking.completedAt, UNDO_COMPLETION_MS);
  if (!canUndo && !isRecent(booking.completedAt, DONE_MAIL_DELAY_MS)) return null;
  return (
    <ActionSection title={T.doneTitle} error={error} onSubmit={() => void sayPicturesIn()}>
      <Typography variant="body2" color="text.secondary">
        {T.doneHelp}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {T.picturesIn}
        </Button>
        {canUndo && (
          <Button
            variant="outlined"
            disabled={undo.isLoading}
            onClick={() => void undo.run(booking.bookingId)}
            aria-describedby={`${booking.bookingId}-undo-help`}
          >
            {T.undoCompletion}
          </Button>
        )}
      </Stack>
      {canUndo && (
        <Typography id={`${booking.bookingId}-undo-help`} variant="body2" color="text.secondary">
          {T.undoHelp}
        </Typography>
      )}
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
      <PictureList bookingId={booking.bookingId} />
    </ActionSection>
  );
}

/** The request's pictures as the customer sees them, each named by the file the owner chose. */
function PictureList({ bookingId }: { bookingId: string }) {
  const { data: pictures, error } = useListOwnerPicturesQuery({ id: bookingId });
  if (error) return <Alert severity="error">{failure(error, T.failed)}</Alert>;
  if (!pictures) return null;
  if (pictures.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.noPictures}
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
      }}
    >
      {pictures.map((picture, index) => {
        const name = picture.label || T.unnamedPicture(index + 1);
        return (
          <Box component="li" key={picture.file}>
            <Box component="figure" sx={{ m: 0 }}>
              <Box
                component="img"
                src={picture.signedUrl}
                alt={name}
                loading="lazy"
                sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1 }}
              />
              <Box component="figcaption" sx={{ overflowWrap: 'anywhere' }}>
                <Typography variant="body2">{name}</Typography>
                {picture.description && (
                  <Typography variant="body2" color="text.secondary">
                    {picture.description}
                  </Typography>
                )}
              </Box>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
