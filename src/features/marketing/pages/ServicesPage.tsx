import { Container, Typography } from '@mui/material';

/** Placeholder until its issue builds it. */
export function ServicesPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">Our Services</Typography>
    </Container>
  );
}
