import { Container, Typography } from '@mui/material';

/** Placeholder until its issue builds it. */
export function SubscriptionsPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">My Subscriptions</Typography>
    </Container>
  );
}
