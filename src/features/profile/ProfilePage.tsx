import { Container, Typography } from '@mui/material';

/** Placeholder until its issue builds it. */
export function ProfilePage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">Account Profile</Typography>
    </Container>
  );
}
