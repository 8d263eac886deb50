import Link from '@mui/material/Link';
import { business, emailHref, phoneHref } from '../../../config/business';

/** "call us at <phone> or e-mail <address>", both links, inside a sentence of the caller's. */
export function CallOrEmail() {
  return (
    <>
      call us at{' '}
      <Link href={phoneHref} underline="always">
        {business.phone}
      </Link>{' '}
      or e-mail{' '}
      <Link href={emailHref} underline="always">
        {business.email}
      </Link>
    </>
  );
}
