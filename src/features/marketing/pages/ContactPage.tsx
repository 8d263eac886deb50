import { Container, Typography } from '@mui/material';

/** Placeholder until its issue builds it. */
export function ContactPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">Contact Us</Typography>
    </Container>
  );
}
