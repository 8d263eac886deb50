import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadingStatus } from '../../components/LoadingStatus';
import { usePageMeta } from '../../components/usePageMeta';
import { Failure } from './Failure';
import { OWNER_TEXT } from './messages';
import { saveAuthenticator, savedAuthenticator } from '../../api/savedAnswers';
import { whenIdle } from '../../lib/whenIdle';

const TEXT = OWNER_TEXT.authenticator;

/** Where the account's authenticator app is set up: the dashboard's Account Security page. */
const SECURITY_PAGE = '/dashboard/security';

// The account's calls to the user pool load with Amplify, on demand (src/api/identity/amplify.ts).
const account = () => import('../../api/identity/account');

/** The screen instead of the console: why, and the way to Account Security's set-up. */
function AuthenticatorMissing({ onCheckAgain }: { onCheckAgain: () => void }) {
  usePageMeta(TEXT.title);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {TEXT.title}
        </Typography>
        <Typography>{TEXT.intro}</Typography>
        <Typography>{TEXT.steps}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" component={RouterLink} to={SECURITY_PAGE}>
            {TEXT.start}
          </Button>
          <Button variant="outlined" onClick={onCheckAgain}>
            {TEXT.checkAgain}
          </Button>
        </Box>
      </Stack>
    </Container>
  );
}

type Check = 'checking' | 'failed' | 'missing' | 'ready';

/**
 * The console opens only for an owner whose account has an authenticator app, as the user pool
 * says (Amplify's fetchMFAPreference); until then, a screen that leads to Account Security's
 * set-up of one. The API refuses the owner's operations in the same case
 * (server/owner/ownerAuthenticator.ts): this screen is the way through, not the protection.
 */
export function AuthenticatorGate({ children }: { children: ReactNode }) {
  // The account's last check, kept on this device (src/api/savedAnswers.ts): when it found an
  // app, the console opens at once and the pool is asked once the page is idle, so that the
  // identity library is off the way to the first paint; a failure to ask (offline) keeps it
  // open, an app removed meanwhile closes it.
  const [remembered] = useState(savedAuthenticator);
  const [check, setCheck] = useState<Check>(remembered ? 'ready' : 'checking');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    const fromDevice = remembered && attempt === 0;
    const ask = () =>
      account()
        .then((module) => module.fetchMfaSettings())
        .then(
          (settings) => {
            saveAuthenticator(settings.totp);
            if (live) setCheck(settings.totp ? 'ready' : 'missing');
          },
          // Without a connection the pool cannot be asked: the console opens on what this device
          // saved (its Route, the actions kept offline), and the API still refuses an owner
          // without an authenticator once they are sent.
          () =>
            live &&
            setCheck((current) => (fromDevice ? current : navigator.onLine ? 'failed' : 'ready')),
        );
    const cancel = fromDevice ? whenIdle(() => void ask()) : (void ask(), undefined);
    return () => {
      live = false;
      cancel?.();
    };
  }, [attempt, remembered]);

  if (check === 'ready') return children;
  const checkAgain = () => {
    setCheck('checking');
    setAttempt((n) => n + 1);
  };
  if (check === 'missing') return <AuthenticatorMissing onCheckAgain={checkAgain} />;
  if (check === 'failed') {
    return (
      <Container maxWidth="sm" sx={{ py: 4 }}>
        <Failure error={null} fallback={TEXT.checkFailed} onRetry={checkAgain} />
      </Container>
    );
  }
  return <LoadingStatus label={TEXT.checking} />;
}
