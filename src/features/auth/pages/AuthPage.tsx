import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useAppDispatch } from '../../../api/hooks';
import { settleStoredSession } from '../../../api/session/session';
import { hasValidSession } from '../../../api/session/tokenStore';
import { usePageMeta } from '../../../components/usePageMeta';
import { AUTH_TEXT } from '../messages';
import { LoginForm } from '../components/LoginForm';
import { SignupForm } from '../components/SignupForm';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { landingPath } from '../../../api/session/landing';

export type AuthMode = 'login' | 'signup' | 'forgot-password';

/** The mode from the path (/login, /signup, /forgot-password) or, on /auth, from ?mode=. */
export function authModeOf(pathname: string, modeParam: string | null): AuthMode {
  const fromPath = pathname.replace(/^\/+|\/+$/g, '');
  if (fromPath === 'signup' || fromPath === 'forgot-password') return fromPath;
  if (fromPath === 'login') return 'login';
  if (modeParam === 'signup' || modeParam === 'forgot-password') return modeParam;
  return 'login';
}

const HEADINGS: Record<AuthMode, { title: string; intro: string }> = {
  login: { title: 'Log In', intro: 'Welcome back! Sign in to manage your bookings and vehicles.' },
  signup: { title: 'Sign Up', intro: 'Create an account to book faster and earn loyalty points.' },
  'forgot-password': { title: 'Reset Your Password', intro: 'We’ll help you get back in.' },
};

/** What another screen passes along when it sends the user here (router state). */
interface AuthLocationState {
  email?: string;
  notice?: string;
  confirmEmail?: string;
}

const linkSx = {
  fontWeight: 600,
  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: 2 },
};

function ModeLinks({ mode }: { mode: AuthMode }) {
  if (mode === 'login') {
    return (
      <Stack spacing={1} sx={{ alignItems: 'center' }}>
        <Link component={RouterLink} to="/forgot-password" sx={linkSx}>
          Forgot your password?
        </Link>
        <Typography variant="body2">
          Don&apos;t have an account?{' '}
          <Link component={RouterLink} to="/signup" sx={linkSx}>
            Sign up
          </Link>
        </Typography>
      </Stack>
    );
  }
  if (mode === 'signup') {
    return (
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/auth?mode=login" sx={linkSx}>
          Log in
        </Link>
      </Typography>
    );
  }
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Link component={RouterLink} to="/auth?mode=login" sx={linkSx}>
        {AUTH_TEXT.rememberedPassword}
      </Link>
      <Typography variant="body2">
        New here?{' '}
        <Link component={RouterLink} to="/signup" sx={linkSx}>
          Sign up
        </Link>
      </Typography>
    </Stack>
  );
}

/** The authentication page: login, sign-up and forgot password (docs/product.md §2). */
export function AuthPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const mode = authModeOf(location.pathname, params.get('mode'));
  const state = (location.state ?? {}) as AuthLocationState;
  // A valid stored session goes straight to the dashboard; until then this page says so.
  const [redirecting] = useState(hasValidSession);
  const heading = HEADINGS[mode];
  usePageMeta(heading.title);

  useEffect(() => {
    if (settleStoredSession(dispatch)) void navigate(landingPath(), { replace: true });
  }, [dispatch, navigate]);

  if (redirecting) {
    return <LoadingStatus label={AUTH_TEXT.checkingStatus} text={AUTH_TEXT.checkingStatus} />;
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 }, px: { xs: 2, sm: 3 } }}>
      <Link
        component={RouterLink}
        to="/"
        sx={{ ...linkSx, display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        Back to home
      </Link>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3, boxShadow: '0 8px 30px rgba(20,33,61,0.08)' }}
      >
        <Stack spacing={3}>
          <Box>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', sm: '2.1rem' } }}>
              {heading.title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {heading.intro}
            </Typography>
          </Box>
          {mode === 'login' && (
            <LoginForm
              key={location.key}
              initialEmail={state.email}
              notice={state.notice}
              onNeedsConfirmation={(email) =>
                void navigate('/signup', {
                  state: { confirmEmail: email } satisfies AuthLocationState,
                })
              }
            />
          )}
          {mode === 'signup' && <SignupForm key={location.key} confirmEmail={state.confirmEmail} />}
          {mode === 'forgot-password' && <ForgotPasswordForm key={location.key} />}
          <ModeLinks mode={mode} />
        </Stack>
      </Paper>
    </Container>
  );
}
