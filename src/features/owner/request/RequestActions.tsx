import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DONE_MAIL_DELAY_MS, UNDO_COMPLETION_MS } from '../../../../domain/completion';
import { isApiError, slotRefusal, type FreeTime } from '../../../api/errors';
import { CompletionDialog } from '../CompletionDialog';
import { newIdempotencyKey } from '../../../api/idempotencyKey';
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
import { appointmentText, failure, todayInNewYork, toBookingTime } from '../format';
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
        // The operation declares the header; a key of its own per try (never "undefined").
        'Idempotency-Key': newIdempotencyKey(),
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
      <CompletionDialog
        booking={booking}
        open={asking}
        early={early}
        busy={isLoading}
        onConfirm={() => void run()}
        onCancel={close}
      >
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </CompletionDialog>
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

/** One chosen picture and where its upload stands. */
interface ChosenPicture {
  key: number;
  file: File;
  state: 'waiting' | 'uploading' | 'uploaded' | 'failed';
  /** Why the server refused it (`failed`). */
  reason: string;
}

const isOffline = (error: unknown) => isApiError(error) && error.kind === 'network';

/** What a chosen picture's line says about it. */
function chosenState(picture: ChosenPicture): string {
  if (picture.state === 'uploading') return T.pictureUploading;
  if (picture.state === 'uploaded') return T.pictureUploaded;
  if (picture.state === 'failed') return T.pictureFailed(picture.reason);
  return T.pictureWaiting;
}

/**
 * Before and after pictures, several at a time, from the phone's camera or its gallery (the
 * input forces neither). Each chosen picture is listed with its own progress and result; the
 * server checks the size and the format of each and says what is wrong. Another try sends only
 * the ones not uploaded yet. Offline, one message says so, the batch stops, and every chosen
 * picture stays listed for the next try.
 */
export function PictureUpload({ booking }: { booking: OwnerBooking }) {
  const [chosen, setChosen] = useState<ChosenPicture[]>([]);
  const [description, setDescription] = useState('');
  const [error, setError] = useState('');
  const [offline, setOffline] = useState(false);
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const [upload] = useUploadOwnerPictureMutation();
  const listId = useId();

  const mark = (key: number, change: Partial<ChosenPicture>) =>
    setChosen((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const choose = (files: FileList | null) => {
    const added = Array.from(files ?? []);
    if (added.length === 0) return;
    setChosen((list) => [
      ...list,
      ...added.map((file, index) => ({
        key: Date.now() + list.length + index,
        file,
        state: 'waiting' as const,
        reason: '',
      })),
    ]);
    setError('');
    // A new input, so that the same file may be chosen again.
    setInputKey((key) => key + 1);
  };

  const run = async () => {
    const pending = chosen.filter((item) => item.state !== 'uploaded');
    if (pending.length === 0) {
      setError(T.needPicture);
      return;
    }
    setError('');
    setOffline(false);
    setBusy(true);
    for (const item of pending) {
      mark(item.key, { state: 'uploading', reason: '' });
      try {
        const form = new FormData();
        form.append('description', description.trim());
        form.append('file', item.file, item.file.name);
        // The generated type describes the multipart fields; the base query sends FormData as is.
        const body = form as unknown as UploadOwnerPictureApiArg['body'];
        await upload({
          id: booking.bookingId,
          'Idempotency-Key': newIdempotencyKey(),
          body,
        }).unwrap();
        mark(item.key, { state: 'uploaded' });
      } catch (caught) {
        if (isOffline(caught)) {
          // One message for the whole batch; this picture and the rest wait for the next try.
          mark(item.key, { state: 'waiting' });
          setOffline(true);
          break;
        }
        mark(item.key, { state: 'failed', reason: failure(caught, T.failed) });
      }
    }
    setBusy(false);
  };

  return (
    <ActionSection
      title={T.picturesTitle}
      error={offline ? T.picturesOffline : error}
      onSubmit={() => void run()}
    >
      <TextField
        key={inputKey}
        label={T.pictures}
        helperText={T.picturesHelp}
        type="file"
        onChange={(event) => choose((event.target as HTMLInputElement).files)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { accept: 'image/*', multiple: true },
        }}
      />
      {chosen.length > 0 && (
        <Box>
          <Typography id={listId} variant="subtitle2" component="h3">
            {T.chosenPictures}
          </Typography>
          <Stack
            component="ul"
            aria-labelledby={listId}
            spacing={1}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {chosen.map((item) => (
              <Box
                component="li"
                key={item.key}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
              >
                <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{item.file.name}</Typography>
                  <Typography
                    variant="body2"
                    role="status"
                    color={item.state === 'failed' ? 'error' : 'text.secondary'}
                  >
                    {chosenState(item)}
                  </Typography>
                  {item.state === 'uploading' && (
                    <LinearProgress aria-label={`${T.pictureUploading} ${item.file.name}`} />
                  )}
                </Box>
                {item.state !== 'uploading' && item.state !== 'uploaded' && (
                  <Button
                    size="small"
                    disabled={busy}
                    onClick={() => setChosen((list) => list.filter((x) => x.key !== item.key))}
                  >
                    {T.removePicture(item.file.name)}
                  </Button>
                )}
              </Box>
            ))}
          </Stack>
        </Box>
      )}
      <TextField
        label={T.pictureDescription}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? T.pictureUploading : T.upload}
        </Button>
      </Box>
      <PictureList bookingId={booking.bookingId} offlineShown={offline} />
    </ActionSection>
  );
}

/** The request's pictures as the customer sees them, each named by the file the owner chose. */
function PictureList({
  bookingId,
  offlineShown,
}: {
  bookingId: string;
  /** The upload already says the server cannot be reached: not a second time here. */
  offlineShown: boolean;
}) {
  const { data: pictures, error } = useListOwnerPicturesQuery({ id: bookingId });
  if (error && !(offlineShown && isOffline(error))) {
    return <Alert severity="error">{failure(error, T.failed)}</Alert>;
  }
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
