import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { confirmMfaCode, signInWithPassword, type SignInStep } from '../../../api/identity/cognito';
import { useAppDispatch } from '../../../api/session/hooks';
import { signedIn } from '../../../api/session/sessionSlice';
import { useProviderCall } from '../useProviderCall';
import { AUTH_TEXT } from '../messages';
import { hasAt, normalizeEmail } from '../validation';
import { CodeField } from './CodeField';
import { GoogleButton } from './GoogleButton';
import { OrDivider } from './OrDivider';
import { PasswordField } from './PasswordField';
import { EmailField } from './EmailField';

type MfaMethod = 'sms' | 'totp' | 'email';

function mfaInstruction(method: MfaMethod, destination?: string): string {
  if (method === 'totp') return 'Enter the 6-digit code from your authenticator app.';
  if (method === 'sms')
    return `Enter the 6-digit code we sent by text to ${destination || 'your phone'}.`;
  return `Enter the 6-digit code we sent to ${destination || 'your email'}.`;
}

/** Login: e-mail and password, then a verification code when the account uses MFA (docs/product.md §2, §4). */
export function LoginForm({
  initialEmail = '',
  notice,
  onNeedsConfirmation,
}: {
  initialEmail?: string;
  notice?: string;
  /** The account exists but its e-mail is not confirmed yet. */
  onNeedsConfirmation: (email: string) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [mfa, setMfa] = useState<{ method: MfaMethod; destination?: string } | null>(null);
  const [code, setCode] = useState('');
  const { busy, error, setError, run } = useProviderCall();
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const inMfaStep = mfa !== null;

  // Move focus to the first field of the step shown (keyboard and screen reader users).
  useEffect(() => {
    if (inMfaStep) codeRef.current?.focus();
  }, [inMfaStep]);

  const follow = (step: SignInStep, signedInEmail: string) => {
    switch (step.kind) {
      case 'done':
        dispatch(signedIn(step.user));
        navigate('/dashboard', { replace: true });
        return;
      case 'mfa':
        setMfa({ method: step.method, destination: step.destination });
        setCode('');
        return;
      case 'confirm-sign-up':
        onNeedsConfirmation(signedInEmail);
        return;
      default:
        setError(AUTH_TEXT.loginFailed);
    }
  };

  const submitCredentials = async (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeEmail(email);
    if (!hasAt(normalized)) {
      setError(AUTH_TEXT.invalidEmail);
      emailRef.current?.focus();
      return;
    }
    setEmail(normalized);
    await run(async () => {
      follow(await signInWithPassword(normalized, password), normalized);
    }, AUTH_TEXT.loginFailed);
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!code) {
      setError(AUTH_TEXT.mfaCodeRequired);
      codeRef.current?.focus();
      return;
    }
    await run(async () => {
      follow(await confirmMfaCode(code), email);
    }, AUTH_TEXT.loginFailed);
  };

  const cancelMfa = () => {
    setMfa(null);
    setCode('');
    setError('');
  };

  if (mfa) {
    return (
      <Box component="form" noValidate onSubmit={submitCode} aria-labelledby="mfa-heading">
        <Stack spacing={2}>
          <Typography id="mfa-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
            Two-step verification
          </Typography>
          <Typography color="text.secondary">
            {mfaInstruction(mfa.method, mfa.destination)}
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <CodeField
            label="Verification code"
            name="code"
            value={code}
            onChange={setCode}
            inputRef={codeRef}
            error={error === AUTH_TEXT.mfaCodeRequired}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Verifying...' : 'Verify'}
          </Button>
          <Button variant="text" onClick={cancelMfa} disabled={busy}>
            Cancel
          </Button>
        </Stack>
      </Box>
    );
  }

  return (
    <Stack spacing={2.5}>
      <Box component="form" noValidate onSubmit={submitCredentials} aria-label="Log in">
        <Stack spacing={2}>
          {notice && !error && <Alert severity="success">{notice}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          <EmailField
            value={email}
            onChange={setEmail}
            inputRef={emailRef}
            invalid={error === AUTH_TEXT.invalidEmail}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Logging in...' : 'Log In'}
          </Button>
        </Stack>
      </Box>
      <OrDivider />
      <GoogleButton label={AUTH_TEXT.continueWithGoogle} />
    </Stack>
  );
}
