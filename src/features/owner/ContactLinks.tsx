import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import type { OwnerBooking } from './api/generated';
import { telHref } from './format';
import { OWNER_TEXT } from './texts';

// Constant styles and a plain box: the inbox draws these links on every request.
const ROW = { display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 } as const;
const CALL = { minHeight: 44 } as const;
const EMAIL = {
  minHeight: 44,
  textTransform: 'none',
  maxWidth: '100%',
  overflowWrap: 'anywhere',
} as const;
const phoneIcon = <PhoneIcon aria-hidden />;
const emailIcon = <EmailIcon aria-hidden />;

/** One tap to call or e-mail the customer (tel: and mailto: links, large enough for a thumb). */
export function ContactLinks({ booking }: { booking: Pick<OwnerBooking, 'phone' | 'email'> }) {
  return (
    <Box sx={ROW}>
      {booking.phone && (
        <Button
          component="a"
          href={telHref(booking.phone)}
          variant="outlined"
          size="small"
          startIcon={phoneIcon}
          aria-label={OWNER_TEXT.inbox.call(booking.phone)}
          sx={CALL}
        >
          {booking.phone}
        </Button>
      )}
      <Button
        component="a"
        href={`mailto:${booking.email}`}
        variant="outlined"
        size="small"
        startIcon={emailIcon}
        aria-label={OWNER_TEXT.inbox.email(booking.email)}
        sx={EMAIL}
      >
        {booking.email}
      </Button>
    </Box>
  );
}
