import { Container, Typography } from '@mui/material';

/** Placeholder until its issue builds it. */
export function VehiclesPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">My Vehicles</Typography>
    </Container>
  );
}
