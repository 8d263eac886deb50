import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  useCancelSubscriptionMutation,
  useCreateSubscriptionMutation,
  useListSubscriptionsQuery,
} from '../../api/endpoints';
import { errorMessage } from '../../api/errors';
import type { Subscription, SubscriptionPlan } from '../../api/normalize';
import { DashboardPageBody } from '../../components/DashboardPageBody';
import { useConfirm } from '../../components/ConfirmDialog';
import { usePageMeta } from '../../components/usePageMeta';
import { formatShortDate } from '../../../domain/dates';
import { subscriptionMessages as m } from './messages';

export const plans: readonly SubscriptionPlan[] = ['weekly', 'biweekly', 'monthly'];

/** Cancelled plans leave the list (docs/product.md §4); the server keeps them with that status. */
export function isListed(s: Subscription): boolean {
  return s.status !== 'cancelled' && s.status !== 'canceled';
}

/** Fallback for a failure that carries no message at all. */
const UNKNOWN_ERROR = 'Unknown error';

/** My Subscriptions (docs/product.md §2, §4, §8). */
export function SubscriptionsPage() {
  usePageMeta(m.title);
  const { data, error, isLoading } = useListSubscriptionsQuery();
  const [createSubscription, { isLoading: creating }] = useCreateSubscriptionMutation();
  const [cancelSubscription, { isLoading: cancelling }] = useCancelSubscriptionMutation();
  const { confirm, dialog } = useConfirm();
  const [alert, setAlert] = useState<string | null>(null);
  const busy = creating || cancelling;

  const start = async (plan: SubscriptionPlan) => {
    setAlert(null);
    try {
      // The endpoint shows the new plan at once (src/api/endpoints.ts).
      await createSubscription({ subscriptionInput: { plan } }).unwrap();
    } catch (failure) {
      setAlert(m.createFailed(errorMessage(failure, UNKNOWN_ERROR)));
    }
  };

  const cancel = async (subscription: Subscription) => {
    setAlert(null);
    const ok = await confirm({
      title: m.confirmTitle,
      message: m.confirmCancel,
      confirmLabel: m.confirmLabel,
      cancelLabel: m.keepLabel,
    });
    if (!ok) return;
    try {
      await cancelSubscription({ id: subscription.subscriptionId }).unwrap();
    } catch (failure) {
      setAlert(m.cancelFailed(errorMessage(failure, UNKNOWN_ERROR)));
    }
  };

  const listed = (data ?? []).filter(isListed);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {m.title}
      </Typography>

      {alert && (
        <Alert severity="error" onClose={() => setAlert(null)} sx={{ mb: 2 }}>
          {alert}
        </Alert>
      )}

      <DashboardPageBody
        loading={isLoading}
        loadingLabel={m.loading}
        error={!data && errorMessage(error, m.loadFailed)}
      >
        {() => (
          <>
            {listed.length === 0 ? (
              <Typography sx={{ mb: 3 }}>{m.empty}</Typography>
            ) : (
              <Card variant="outlined" sx={{ mb: 3 }}>
                <List aria-label={m.listLabel} disablePadding>
                  {listed.map((s, index) => (
                    <ListItem
                      key={s.subscriptionId || index}
                      divider={index < listed.length - 1}
                      sx={{ flexWrap: 'wrap', gap: 1 }}
                    >
                      <ListItemText
                        sx={{ flex: '1 1 220px' }}
                        primary={
                          <Box
                            component="span"
                            sx={{ textTransform: 'capitalize', fontWeight: 650 }}
                          >
                            {s.plan || 'Plan'}
                          </Box>
                        }
                        secondary={`Status: ${s.status} · Created ${formatShortDate(s.createdAt)}`}
                      />
                      {s.status === 'active' && (
                        <Button
                          variant="outlined"
                          color="error"
                          size="small"
                          disabled={busy}
                          onClick={() => void cancel(s)}
                          aria-label={m.cancelLabel(s.plan)}
                        >
                          {m.cancel}
                        </Button>
                      )}
                    </ListItem>
                  ))}
                </List>
              </Card>
            )}

            <Card variant="outlined" component="section" aria-labelledby="new-plan-heading">
              <CardContent>
                <Typography id="new-plan-heading" variant="h6" component="h2" gutterBottom>
                  {m.newPlan}
                </Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {plans.map((plan) => (
                    <Button
                      key={plan}
                      variant="contained"
                      disabled={busy}
                      onClick={() => void start(plan)}
                    >
                      {plan}
                    </Button>
                  ))}
                </Stack>
                {creating && (
                  <Typography role="status" variant="body2" sx={{ mt: 1 }}>
                    {m.starting}
                  </Typography>
                )}
              </CardContent>
            </Card>
          </>
        )}
      </DashboardPageBody>
      {dialog}
    </Container>
  );
}
