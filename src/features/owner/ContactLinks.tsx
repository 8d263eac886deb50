import type { Theme } from '@mui/material/styles';
import type { OwnerBooking } from './api/generated';
import { mailtoHref, telHref } from '../../../domain/contact';
import { OWNER_TEXT } from './messages';

// Material Icons' Phone and Email.
const PHONE_PATH =
  'M6.62 10.79c1.44 2.83 3.76 5.14 6.59 6.59l2.2-2.2c.27-.27.67-.36 1.02-.24 1.12.37 2.33.57 3.57.57.55 0 1 .45 1 1V20c0 .55-.45 1-1 1-9.39 0-17-7.61-17-17 0-.55.45-1 1-1h3.5c.55 0 1 .45 1 1 0 1.25.2 2.45.57 3.57.11.35.03.74-.25 1.02z';
const EMAIL_PATH =
  'M20 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2m0 4-8 5-8-5V6l8 5 8-5z';

/** The class of the row (./consoleStyles.ts gives it contactLinksStyles). */
export const CONTACT_LINKS_CLASS = 'owner-contact';

/**
 * The row and its links, with the look of MUI's small outlined Button with a start icon: rules
 * the console's layout applies once (./consoleStyles.ts). The inbox draws two links on each
 * request, and a Button with its icon is four styled components a link (ButtonBase alone is one,
 * with its ripple's hooks): they are plain links, with the browser's focus ring drawn in the
 * primary colour instead of a ripple.
 */
export const contactLinksStyles = (theme: Theme) => {
  const color = theme.palette.primary.main;
  return {
    display: 'flex',
    flexWrap: 'wrap',
    gap: theme.spacing(1),
    marginTop: theme.spacing(1),
    '& > a': {
      ...theme.typography.button,
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      boxSizing: 'border-box',
      verticalAlign: 'middle',
      textDecoration: 'none',
      WebkitTapHighlightColor: 'transparent',
      userSelect: 'none',
      fontSize: theme.typography.pxToRem(13),
      minWidth: 64,
      minHeight: 44,
      padding: '3px 9px',
      border: `1px solid ${theme.alpha(color, 0.5)}`,
      borderRadius: theme.shape.borderRadius,
      color,
      transition: theme.transitions.create(
        ['background-color', 'box-shadow', 'border-color', 'color'],
        { duration: theme.transitions.duration.short },
      ),
      '&:focus-visible': { outline: `2px solid ${color}`, outlineOffset: 2 },
      '&:active': { backgroundColor: theme.alpha(color, theme.palette.action.focusOpacity) },
      '@media (hover: hover)': {
        '&:hover': {
          borderColor: color,
          backgroundColor: theme.alpha(color, theme.palette.action.hoverOpacity),
        },
      },
    },
    '& > a.email': { maxWidth: '100%', overflowWrap: 'anywhere' },
    '& > a > .icon': {
      display: 'inherit',
      alignItems: 'center',
      marginRight: 8,
      marginLeft: -2,
      '&::before': { content: '"\\200b"', width: 0, overflow: 'hidden' },
    },
    '& > a > .icon > svg': {
      userSelect: 'none',
      width: '1em',
      height: '1em',
      display: 'inline-block',
      flexShrink: 0,
      fill: 'currentColor',
      fontSize: 18,
      transition: theme.transitions.create('fill', {
        duration: theme.transitions.duration.shorter,
      }),
    },
  };
};

function ContactLink({
  href,
  label,
  path,
  text,
  className,
}: {
  href: string;
  label: string;
  path: string;
  text: string;
  className?: string;
}) {
  return (
    <a href={href} aria-label={label} className={className}>
      <span className="icon">
        <svg focusable="false" aria-hidden="true" viewBox="0 0 24 24">
          <path d={path} />
        </svg>
      </span>
      {text}
    </a>
  );
}

/** One tap to call or e-mail the customer (tel: and mailto: links, large enough for a thumb). */
export function ContactLinks({ booking }: { booking: Pick<OwnerBooking, 'phone' | 'email'> }) {
  return (
    <div className={CONTACT_LINKS_CLASS}>
      {booking.phone && (
        <ContactLink
          href={telHref(booking.phone)}
          label={OWNER_TEXT.inbox.call(booking.phone)}
          path={PHONE_PATH}
          text={booking.phone}
        />
      )}
      <ContactLink
        href={mailtoHref(booking.email)}
        label={OWNER_TEXT.inbox.email(booking.email)}
        path={EMAIL_PATH}
        text={booking.email}
        className="email"
      />
    </div>
  );
}
