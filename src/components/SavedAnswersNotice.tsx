import Alert from '@mui/material/Alert';
import { formatShortDateTime } from '../../domain/dates';
import { SAVED_ANSWERS_TIMING } from './savedAnswersTiming';

/** The line above a page that shows answers saved on this device (src/api/savedAnswers.ts). */
export function savedAnswersText(savedAt: number, offline: boolean): string {
  const time = formatShortDateTime(savedAt);
  return offline ? `Offline: showing what was saved at ${time}.` : `As of ${time}. Updating…`;
}

/**
 * Says that the page shows what was saved on this device, and when: while the API is asked
 * again, or, without a connection, until it can be. Nothing when every answer is fresh.
 */
export function SavedAnswersNotice({
  savedAt,
  offline,
}: {
  savedAt: number | null;
  offline: boolean;
}) {
  if (savedAt === null) return null;
  return (
    <Alert
      severity={offline ? 'warning' : 'info'}
      role="status"
      sx={{ mb: 2 }}
      // Element Timing: when the line (and the saved answers, drawn with it) was painted.
      slotProps={{ message: { elementtiming: SAVED_ANSWERS_TIMING } as object }}
    >
      {savedAnswersText(savedAt, offline)}
      {offline && ' Changes need a connection: they are not sent until you are back online.'}
    </Alert>
  );
}
