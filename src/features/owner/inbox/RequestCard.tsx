import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Theme } from '@mui/material/styles';
import { formatUsd } from '../../../../domain/money';
import type { OwnerBooking } from '../api/generated';
import { ContactLinks } from '../ContactLinks';
import { CustomerChangeMark } from '../CustomerChangeMark';
import { StatusChips } from '../StatusChips';
import {
  addressText,
  appointmentText,
  mapUrl,
  receivedText,
  requestPath,
  summaryText,
  vehicleText,
} from '../format';
import { OWNER_TEXT } from '../messages';

const T = OWNER_TEXT.inbox;

/** The class of the inbox's list (../consoleStyles.ts gives it requestListStyles). */
export const REQUEST_LIST_CLASS = 'owner-requests';

/**
 * The look of the inbox's list and cards: an outlined paper with a coloured left edge (primary
 * when new), a heading-sized name linked to the request, and three lines of text. The console's
 * layout applies these rules once (../consoleStyles.ts), so they are in the page before the
 * requests arrive; the cards are plain elements with these classes, not MUI components with
 * styles of their own, each of which would cost its own style resolution and several React
 * components on every card.
 */
export const requestListStyles = (theme: Theme) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(1.5),
  '& > li': {
    backgroundColor: theme.palette.background.paper,
    color: theme.palette.text.primary,
    transition: theme.transitions.create('box-shadow'),
    borderRadius: theme.shape.borderRadius,
    border: `1px solid ${theme.palette.divider}`,
    borderLeft: `4px solid ${theme.palette.primary.main}`,
    padding: theme.spacing(1.5),
    // A phone shows three or four cards of the twenty: the browser styles, lays out and paints
    // the others when they come near the screen (their height guessed until then).
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 190px',
  },
  '& > li.seen': { borderLeftColor: theme.palette.divider },
  '& .head': {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'flex-start',
    gap: theme.spacing(1),
    flexWrap: 'wrap',
  },
  '& h2': { ...theme.typography.h6, margin: 0, fontSize: '1.1rem' },
  // MUI's Link, underlined on hover; the browser's own ring on keyboard focus.
  '& h2 a': {
    color: theme.palette.primary.main,
    textDecoration: 'none',
    '&:hover': { textDecoration: 'underline' },
  },
  '& .summary': { margin: 0, marginTop: theme.spacing(0.5) },
  '& .when': { ...theme.typography.body2, margin: 0 },
  '& .where': { margin: 0, overflowWrap: 'anywhere' },
  '& .where a': { color: theme.palette.primary.main },
});

/** One request of the inbox: who, what, where (a map link), when, and one tap to call or e-mail them. */
export const RequestCard = memo(function RequestCard({ booking }: { booking: OwnerBooking }) {
  const name = booking.name || booking.email;
  const address = booking.serviceAddress;
  return (
    <li className={booking.seen ? 'seen' : undefined}>
      <div className="head">
        <h2>
          <Link to={requestPath(booking.bookingId)}>{name}</Link>
        </h2>
        <StatusChips booking={booking} />
      </div>
      <p className="summary">
        {summaryText(
          booking.vehicleType,
          vehicleText(booking.vehicle),
          formatUsd(booking.totalPrice),
        )}
      </p>
      <p className="where">
        {address ? (
          <a href={mapUrl(address)} target="_blank" rel="noopener noreferrer">
            {addressText(address)}
          </a>
        ) : (
          OWNER_TEXT.request.noAddress
        )}
      </p>
      <p className="when">
        {T.preferred}: {appointmentText(booking) || T.noPreferred} · {T.received}{' '}
        {receivedText(booking.createdAt)}
      </p>
      <ContactLinks booking={booking} />
      <CustomerChangeMark booking={booking} />
    </li>
  );
});
