import { Container, Typography } from '@mui/material';

/** Placeholder until its issue builds it. */
export function QuoteSection() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">Get a Quote</Typography>
    </Container>
  );
}
