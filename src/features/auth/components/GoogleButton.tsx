import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import GoogleIcon from '@mui/icons-material/Google';
import { hostedLoginAvailable } from '../../../api/identity/oauth';
import { startHostedLogin } from '../../../api/identity/hostedLogin';
import { AUTH_TEXT } from '../messages';

/** Hosted sign-in with Google; disabled with a short explanation when no domain is set up. */
export function GoogleButton({ label }: { label: string }) {
  const available = hostedLoginAvailable();
  return (
    <Box>
      <Button
        fullWidth
        size="large"
        variant="outlined"
        startIcon={<GoogleIcon aria-hidden />}
        disabled={!available}
        onClick={startHostedLogin}
        aria-describedby={available ? undefined : 'google-unavailable'}
      >
        {label}
      </Button>
      {!available && (
        <Typography
          id="google-unavailable"
          variant="body2"
          color="text.secondary"
          sx={{ mt: 0.75, textAlign: 'center' }}
        >
          {AUTH_TEXT.googleUnavailable}
        </Typography>
      )}
    </Box>
  );
}
