import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import type { OwnerBooking } from './api/generated';
import { telHref } from './format';
import { OWNER_TEXT } from './texts';

/** One tap to call or e-mail the customer (tel: and mailto: links, large enough for a thumb). */
export function ContactLinks({ booking }: { booking: Pick<OwnerBooking, 'phone' | 'email'> }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
      {booking.phone && (
        <Button
          component="a"
          href={telHref(booking.phone)}
          variant="outlined"
          size="small"
          startIcon={<PhoneIcon aria-hidden />}
          aria-label={OWNER_TEXT.inbox.call(booking.phone)}
          sx={{ minHeight: 44 }}
        >
          {booking.phone}
        </Button>
      )}
      <Button
        component="a"
        href={`mailto:${booking.email}`}
        variant="outlined"
        size="small"
        startIcon={<EmailIcon aria-hidden />}
        aria-label={OWNER_TEXT.inbox.email(booking.email)}
        sx={{ minHeight: 44, textTransform: 'none', maxWidth: '100%', overflowWrap: 'anywhere' }}
      >
        {booking.email}
      </Button>
    </Stack>
  );
}
