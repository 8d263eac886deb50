import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { completeHostedLogin } from '../../../api/identity/oauth';
import { useAppDispatch } from '../../../api/hooks';
import { startSession } from '../../../api/session/session';
import { usePageMeta } from '../../../components/usePageMeta';
import { AUTH_TEXT } from '../messages';
import { landingPath } from '../../../api/session/landing';

type Phase = 'loading' | 'completing' | 'done' | 'failed';

/** Completes a hosted sign-in (docs/product.md §2 /auth-callback, §8 sign-in callback). */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const [phase, setPhase] = useState<Phase>('loading');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  usePageMeta('Signing in');
  const error = !code ? AUTH_TEXT.missingCode : phase === 'failed' ? AUTH_TEXT.callbackFailed : '';

  useEffect(() => {
    if (!code) return;
    let live = true;
    void Promise.resolve()
      .then(() => {
        if (live) setPhase('completing');
        return completeHostedLogin(code, state);
      })
      .then(
        (tokens) => {
          if (!live) return;
          setPhase('done');
          startSession(dispatch, tokens);
          void navigate(landingPath(), { replace: true });
        },
        () => {
          if (live) setPhase('failed');
        },
      );
    return () => {
      live = false;
    };
  }, [code, state, dispatch, navigate]);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, sm: 8 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', sm: '2.1rem' }, mb: 3 }}>
        Signing in
      </Typography>
      {error ? (
        <Box>
          <Alert severity="error" sx={{ mb: 3 }}>
            {error}
          </Alert>
          <Button component={RouterLink} to="/auth" variant="contained">
            Back to sign in
          </Button>
        </Box>
      ) : (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>
            {phase === 'loading' ? AUTH_TEXT.callbackLoading : AUTH_TEXT.callbackCompleting}
          </Typography>
        </Box>
      )}
    </Container>
  );
}
