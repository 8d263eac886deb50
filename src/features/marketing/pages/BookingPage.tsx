import { Container, Typography } from '@mui/material';

/** Placeholder until its issue builds it. */
export function BookingPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">Book a Service</Typography>
    </Container>
  );
}
