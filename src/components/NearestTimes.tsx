import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { appointmentText } from '../../domain/dates';
import { scheduleMessages } from '../lib/scheduleMessages';

/**
 * The nearest free times a 409 offered instead of a taken one, as buttons that choose them
 * (the quote wizard and My Bookings' reschedule); nothing when there are none.
 */
export function NearestTimes({
  nearest,
  onChoose,
}: {
  nearest: readonly { date: string; time: string }[];
  onChoose: (date: string, time: string) => void;
}) {
  if (nearest.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }}>
      {scheduleMessages.nearestFree}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {nearest.map((free) => (
          <Button
            key={`${free.date} ${free.time}`}
            size="small"
            variant="outlined"
            onClick={() => onChoose(free.date, free.time)}
          >
            {appointmentText(free)}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
