import { Container, Typography } from '@mui/material';

/** Placeholder until its issue builds it. */
export function AuthCallbackPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">Completing sign-in</Typography>
    </Container>
  );
}
