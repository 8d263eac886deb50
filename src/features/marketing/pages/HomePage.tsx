import type { ReactNode } from 'react';
import { Box, Container, Typography } from '@mui/material';

const sections = [
  'home',
  'services',
  'booking',
  'gallery',
  'reviews',
  'contact',
  'servicearea',
] as const;

/** Placeholder until the marketing issue builds it. `bookingSection` is the quote wizard. */
export function HomePage({ bookingSection }: { bookingSection: ReactNode }) {
  return (
    <Container sx={{ py: 6 }}>
      {sections.map((id) => (
        <Box component="section" id={id} key={id} sx={{ minHeight: 200 }}>
          {id === 'booking' ? bookingSection : <Typography variant="h2">{id}</Typography>}
        </Box>
      ))}
    </Container>
  );
}
