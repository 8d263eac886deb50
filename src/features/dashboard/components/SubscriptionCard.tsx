import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Subscription } from '../../../api/normalize';
import { formatShortDate } from '../../../../domain/dates';
import { dashboardTexts } from '../messages';

/** The Subscription card (docs/product.md §2, §4): the first active plan, else a Subscribe link. */
export function SubscriptionCard({ subscriptions }: { subscriptions: readonly Subscription[] }) {
  const active = subscriptions.find((s) => s.status === 'active');
  return (
    <Card variant="outlined" component="section" aria-labelledby="subscription-heading">
      <CardContent>
        <Typography id="subscription-heading" variant="h5" component="h2" gutterBottom>
          {dashboardTexts.subscriptionTitle}
        </Typography>
        {active ? (
          <>
            <Typography>
              Active plan: <strong style={{ textTransform: 'capitalize' }}>{active.plan}</strong>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Since {formatShortDate(active.createdAt)}
            </Typography>
          </>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 1.5 }}>
              {dashboardTexts.noActivePlan}
            </Typography>
            <Button component={RouterLink} to="/dashboard/subscriptions" variant="contained">
              {dashboardTexts.subscribe}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
