import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FRESH_SIGN_IN_SECONDS } from '../../../../domain/accountRights';
import { useDeleteMyAccountMutation } from '../../../api/endpoints';
import { errorMessage } from '../../../api/errors';
import { useAppDispatch } from '../../../api/hooks';
import { logout } from '../../../api/session/logout';
import { forgetBrowserData, startSession } from '../../../api/session/session';
import { decodeJwt, getTokens, getUser } from '../../../api/session/tokenStore';
import { Panel } from '../../../components/Panel';
import { CodeField } from '../components/CodeField';
import { PasswordField } from '../components/PasswordField';
import { providerMessage } from '../validation';
import { RIGHTS_TEXT } from './rightsTexts';

/**
 * What the landing page shows after a deletion (RootLayout reads `layoutNotice` from the route
 * state; the sign-in form's own `notice` is shown by the form).
 */
export const ACCOUNT_DELETED_STATE = { layoutNotice: RIGHTS_TEXT.deleted };

/** An account whose sign-in is Google's (the id token names a federated identity). */
function isGoogleAccount(): boolean {
  const identities = decodeJwt(getTokens().idToken)?.identities;
  return Array.isArray(identities) && identities.length > 0;
}

/** The current access token when its sign-in is recent enough for a deletion. */
function freshAccessToken(): string | null {
  const { accessToken } = getTokens();
  const authTime = decodeJwt(accessToken)?.auth_time;
  const fresh =
    typeof authTime === 'number' && Date.now() / 1000 - authTime < FRESH_SIGN_IN_SECONDS - 30;
  return fresh ? accessToken : null;
}

/**
 * "Delete my account" (docs/product.md §7): the customer types their e-mail and their password
 * (a password sign-in, with its code if the account asks for one), or, for a Google account,
 * signs in with Google again first. The API deletes the account; this browser forgets
 * everything it kept and lands on / with a message.
 */
export function DeleteAccountPanel() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [deleteAccount] = useDeleteMyAccountMutation();
  const google = isGoogleAccount();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const deleted = useRef(false);
  useEffect(
    () => () => {
      if (!deleted.current) return;
      logout(dispatch);
      forgetBrowserData();
    },
    [dispatch],
  );

  /** A fresh sign-in with the password (and code); the new access token. */
  const signInAgain = async (): Promise<string | null> => {
    const identity = await import('../../../api/identity/cognito');
    const step = needsCode
      ? await identity.continueSignIn(code.trim())
      : await identity.signInWithPassword(getUser()?.email ?? email.trim(), password);
    if (step.kind === 'done') {
      startSession(dispatch, step.tokens);
      return step.tokens.accessToken;
    }
    if (step.kind === 'mfa') {
      setNeedsCode(true);
      return null;
    }
    throw new Error(RIGHTS_TEXT.unsupportedStep);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (email.trim().toLowerCase() !== (getUser()?.email ?? '').toLowerCase()) {
      setError(RIGHTS_TEXT.emailMismatch);
      return;
    }
    if (!google && !password) {
      setError(RIGHTS_TEXT.passwordRequired);
      return;
    }
    setBusy(true);
    try {
      let accessToken: string | null;
      try {
        accessToken = google ? freshAccessToken() : await signInAgain();
      } catch (err) {
        setError(providerMessage(err, RIGHTS_TEXT.signInFailed));
        return;
      }
      if (!accessToken) {
        if (google) setError(RIGHTS_TEXT.googleFresh);
        return;
      }
      try {
        await deleteAccount({ accountDeletion: { email: email.trim(), accessToken } }).unwrap();
      } catch (err) {
        setError(errorMessage(err, RIGHTS_TEXT.deleteFailed));
        return;
      }
      // Nothing of the account stays in this browser (no sign-out at the provider: the account
      // is gone). The session itself ends once the dashboard has been left (below): ended
      // here, the dashboard's guard would send the visitor to /auth instead of /.
      forgetBrowserData();
      deleted.current = true;
      void navigate('/', { replace: true, state: ACCOUNT_DELETED_STATE });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={RIGHTS_TEXT.deleteHeading}>
      <Stack
        component="form"
        noValidate
        aria-label={RIGHTS_TEXT.deleteHeading}
        onSubmit={(event) => void submit(event)}
        spacing={2}
        sx={{ maxWidth: 480 }}
      >
        <Typography color="text.secondary">{RIGHTS_TEXT.deleteIntro}</Typography>
        {google && <Typography>{RIGHTS_TEXT.googleFresh}</Typography>}
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label={RIGHTS_TEXT.emailLabel}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={busy}
        />
        {!google && (
          <PasswordField
            label={RIGHTS_TEXT.passwordLabel}
            name="current-password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={busy}
          />
        )}
        {needsCode && (
          <CodeField
            label={RIGHTS_TEXT.codeLabel}
            value={code}
            onChange={setCode}
            disabled={busy}
          />
        )}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            {busy ? RIGHTS_TEXT.deleting : RIGHTS_TEXT.deleteButton}
          </Button>
          {google && (
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() =>
                void import('../../../api/identity/hostedLogin').then((m) => m.startHostedLogin())
              }
            >
              {RIGHTS_TEXT.googleSignIn}
            </Button>
          )}
        </Box>
      </Stack>
    </Panel>
  );
}
