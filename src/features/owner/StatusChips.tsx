import type { Theme } from '@mui/material/styles';
import type { OwnerBooking } from './api/generated';
import { OWNER_TEXT } from './messages';

type ChipColor = 'primary' | 'secondary' | 'success';
const STATUS_COLOR: Record<OwnerBooking['status'], ChipColor | 'default'> = {
  Booked: 'primary',
  Completed: 'success',
  Cancelled: 'default',
};
const COLORS: ChipColor[] = ['primary', 'secondary', 'success'];

/** The class of the row (./consoleStyles.ts gives it statusChipsStyles). */
export const STATUS_CHIPS_CLASS = 'owner-chips';

/**
 * The two labels, with the look of MUI's small Chip (filled or outlined, in a palette colour or
 * the default grey): rules the console's layout applies once (./consoleStyles.ts) rather than
 * two Chip components a row. They are only labels (no action, no focus), and the inbox draws
 * them on every request.
 */
export const statusChipsStyles = (theme: Theme) => ({
  display: 'flex',
  gap: theme.spacing(0.5),
  '& > .chip': {
    maxWidth: '100%',
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.pxToRem(13),
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    height: 24,
    lineHeight: 1.5,
    color: theme.palette.text.primary,
    backgroundColor: theme.palette.action.selected,
    borderRadius: 16,
    whiteSpace: 'nowrap',
    transition: theme.transitions.create(['background-color', 'box-shadow']),
    outline: 0,
    verticalAlign: 'middle',
    boxSizing: 'border-box',
    '& > span': {
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      paddingLeft: 8,
      paddingRight: 8,
    },
  },
  ...Object.fromEntries(
    COLORS.map((color) => [
      `& > .chip.${color}`,
      {
        backgroundColor: theme.palette[color].main,
        color: theme.palette[color].contrastText,
      },
    ]),
  ),
  '& > .chip.outlined': {
    backgroundColor: 'transparent',
    border: `1px solid ${theme.palette.grey[400]}`,
    '& > span': { paddingLeft: 7, paddingRight: 7 },
  },
  ...Object.fromEntries(
    COLORS.map((color) => [
      `& > .chip.outlined.${color}`,
      {
        color: theme.palette[color].main,
        border: `1px solid ${theme.alpha(theme.palette[color].main, 0.7)}`,
      },
    ]),
  ),
});

function Chip({
  label,
  outlined,
  color,
  role,
}: {
  label: string;
  outlined: boolean;
  color: ChipColor | 'default';
  role?: 'status';
}) {
  return (
    <div className={`chip ${color}${outlined ? ' outlined' : ''}`} role={role}>
      <span>{label}</span>
    </div>
  );
}

/** One filled label in the look of the row's (the inbox's count of new requests). */
export function CountLabel({ label, color }: { label: string; color: ChipColor | 'default' }) {
  return (
    <div className={STATUS_CHIPS_CLASS}>
      <Chip label={label} outlined={false} color={color} role="status" />
    </div>
  );
}

/** New or seen, and the booking's status. */
export function StatusChips({ booking }: { booking: Pick<OwnerBooking, 'seen' | 'status'> }) {
  return (
    <div className={STATUS_CHIPS_CLASS}>
      <Chip
        outlined={booking.seen}
        color={booking.seen ? 'default' : 'secondary'}
        label={booking.seen ? OWNER_TEXT.inbox.badgeSeen : OWNER_TEXT.inbox.badgeNew}
      />
      <Chip outlined color={STATUS_COLOR[booking.status]} label={booking.status} />
    </div>
  );
}
