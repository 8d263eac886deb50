import { Container, Typography } from '@mui/material';

/** Placeholder until its issue builds it. */
export function ServicePicsPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">Service Pics</Typography>
    </Container>
  );
}
