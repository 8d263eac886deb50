import { Container, Typography } from '@mui/material';

/** Placeholder until its issue builds it. */
export function LoyaltyPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">Loyalty Program</Typography>
    </Container>
  );
}
