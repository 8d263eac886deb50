import { Box, Button, Container, Typography } from '@mui/material';
import { Link as RouterLink, useRouteError } from 'react-router-dom';

/** Unmatched router errors (spec §8): a generic page, never a stack trace. */
export function RouterErrorPage() {
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h1" component="h1" gutterBottom>
        Unexpected Application Error!
      </Typography>
      <Typography sx={{ mb: 3 }}>Something went wrong on this page. Please try again.</Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center' }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Button
          component={RouterLink}

          to="/"
          variant="outlined"
          reloadDocument
        >
          Go to the home page
        </Button>
      </Box>
    </Container>
  );
}
