import { Container, Typography } from '@mui/material';

/** Placeholder until its issue builds it. */
export function AuthPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">Sign in</Typography>
    </Container>
  );
}
