import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { confirmAccount, registerAccount, resendAccountCode } from '../../../api/identity/cognito';
import { useProviderCall } from '../useProviderCall';
import { AUTH_TEXT } from '../messages';
import { hasAt } from '../validation';
import { useEmailEntry } from './useEmailEntry';
import { CodeField } from './CodeField';
import { GoogleButton } from './GoogleButton';
import { OrDivider } from './OrDivider';
import { PasswordField } from './PasswordField';
import { EmailField } from './EmailField';

export const EMAIL_CONFIRMED_NOTICE = 'Your email is confirmed. You can now log in.';

/**
 * Sign-up: e-mail, password and confirmation, then the e-mail confirmation code (docs/product.md §2, §5).
 * `confirmEmail` starts at the code step (an account created earlier but not confirmed).
 */
export function SignupForm({ confirmEmail }: { confirmEmail?: string }) {
  const emailEntry = useEmailEntry(confirmEmail ?? '');
  const { email } = emailEntry;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [step, setStep] = useState<'details' | 'code'>(confirmEmail ? 'code' : 'details');
  const [code, setCode] = useState('');
  const [info, setInfo] = useState(
    confirmEmail ? 'Please confirm your email address to finish creating your account.' : '',
  );
  const { busy, error, setError, run } = useProviderCall();
  const confirmRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  // Move focus to the code field when the confirmation step appears.
  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  const toLogin = (notice: string) =>
    void navigate('/auth?mode=login', { state: { email, notice } });

  const submitDetails = async (event: FormEvent) => {
    event.preventDefault();
    const normalized = emailEntry.accept(hasAt, setError);
    if (!normalized) return;
    if (password !== confirm) {
      setError(AUTH_TEXT.passwordsDoNotMatch);
      confirmRef.current?.focus();
      return;
    }
    await run(async () => {
      const result = await registerAccount(normalized, password);
      if (!result.needsConfirmation) {
        void navigate('/auth?mode=login', {
          state: { email: normalized, notice: 'Your account is ready. You can now log in.' },
        });
        return;
      }
      setInfo(AUTH_TEXT.signupSuccess);
      setStep('code');
    }, AUTH_TEXT.signupFailed);
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!code) {
      setError(AUTH_TEXT.codeRequired);
      codeRef.current?.focus();
      return;
    }
    await run(async () => {
      await confirmAccount(email, code);
      toLogin(EMAIL_CONFIRMED_NOTICE);
    }, AUTH_TEXT.signupFailed);
  };

  const resend = async () => {
    await run(async () => {
      await resendAccountCode(email);
      setInfo(`We sent a new code to ${email}.`);
    }, AUTH_TEXT.signupFailed);
  };

  if (step === 'code') {
    return (
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submitCode(event)}
        aria-labelledby="confirm-heading"
      >
        <Stack spacing={2}>
          {info && !error && (
            <Alert severity="success" role="status">
              {info}
            </Alert>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          <Typography id="confirm-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
            Confirm your email
          </Typography>
          <Typography color="text.secondary">
            Enter the code we sent to <strong>{email}</strong>.
          </Typography>
          <CodeField
            label="Confirmation code"
            value={code}
            onChange={setCode}
            inputRef={codeRef}
            error={error === AUTH_TEXT.codeRequired}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Confirming...' : 'Confirm Email'}
          </Button>
          <Button variant="text" onClick={() => void resend()} disabled={busy}>
            Send a new code
          </Button>
        </Stack>
      </Box>
    );
  }

  return (
    <Stack spacing={2.5}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submitDetails(event)}
        aria-label="Sign up"
      >
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <EmailField {...emailEntry.fieldProps(error)} />
          <PasswordField
            label="Password"
            name="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            helperText={AUTH_TEXT.passwordRuleHint}
          />
          <PasswordField
            label="Confirm password"
            name="confirm-password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            inputRef={confirmRef}
            error={error === AUTH_TEXT.passwordsDoNotMatch}
          />
          <Typography variant="body2" id="signup-agreement">
            By creating an account you agree to our{' '}
            <Link href="/terms" underline="always">
              Terms of Service
            </Link>{' '}
            and our{' '}
            <Link href="/privacy" underline="always">
              Privacy Policy
            </Link>
            .
          </Typography>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Creating account...' : 'Sign Up'}
          </Button>
        </Stack>
      </Box>
      <OrDivider />
      <GoogleButton label={AUTH_TEXT.signUpWithGoogle} />
    </Stack>
  );
}
