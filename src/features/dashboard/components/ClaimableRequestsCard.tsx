import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useListClaimableBookingsQuery } from '../../../api/endpoints';
import { MY_BOOKINGS_PATH } from '../../../lib/bookAgain';
import { CLAIMABLE_REQUESTS_TITLE } from '../../../lib/claimTexts';
import { dashboardTexts } from '../messages';

/**
 * Quote requests sent with the customer's e-mail without signing in, waiting for their answer
 * (docs/product.md §2): how many, and a link to My Bookings, where they are answered. A new
 * account's first request is one of these. Shows nothing while loading, on a failure or when
 * there are none.
 */
export function ClaimableRequestsCard() {
  const { data } = useListClaimableBookingsQuery();
  if (!data || data.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="claimable-heading">
      <CardContent>
        <Typography id="claimable-heading" variant="h5" component="h2" gutterBottom>
          {CLAIMABLE_REQUESTS_TITLE}
        </Typography>
        <Typography sx={{ mb: 1.5 }}>{dashboardTexts.claimableWaiting(data.length)}</Typography>
        <Button component={RouterLink} to={MY_BOOKINGS_PATH} variant="contained">
          {dashboardTexts.answerClaimable}
        </Button>
      </CardContent>
    </Card>
  );
}
