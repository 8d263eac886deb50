import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { completePasswordReset, requestPasswordReset } from '../../../api/identity/cognito';
import { RESET_REDIRECT_MS } from '../../../config/timing';
import { useProviderCall } from '../useProviderCall';
import { AUTH_TEXT } from '../messages';
import { isEmailAddress, isStrongPassword } from '../validation';
import { useEmailEntry } from './useEmailEntry';
import { CodeField } from './CodeField';
import { GoogleButton } from './GoogleButton';
import { OrDivider } from './OrDivider';
import { NewPasswordField } from './NewPasswordField';
import { EmailField } from './EmailField';

/**
 * Forgot password (docs/product.md §2, §4, §5): step 1 sends a reset code, step 2 sets the new password,
 * then the page goes to /auth after 2.5 s.
 */
export function ForgotPasswordForm() {
  const [step, setStep] = useState<'request' | 'reset' | 'done'>('request');
  const emailEntry = useEmailEntry();
  const { email } = emailEntry;
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const { busy, error, setError, run: runCall } = useProviderCall();
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  // Move focus to the code field when step 2 appears.
  useEffect(() => {
    if (step === 'reset') codeRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (step !== 'done') return;
    const timer = window.setTimeout(() => void navigate('/auth'), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [step, navigate]);

  const run = (action: () => Promise<void>) => runCall(action, AUTH_TEXT.unexpectedError);

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    const normalized = emailEntry.accept(isEmailAddress, setError);
    if (!normalized) return;
    void run(async () => {
      await requestPasswordReset(normalized);
      setStep('reset');
    });
  };

  const submitReset = (event: FormEvent) => {
    event.preventDefault();
    if (!code) {
      setError(AUTH_TEXT.codeRequired);
      codeRef.current?.focus();
      return;
    }
    if (!isStrongPassword(newPassword)) {
      setError(AUTH_TEXT.weakPassword);
      passwordRef.current?.focus();
      return;
    }
    void run(async () => {
      await completePasswordReset(email, code, newPassword);
      setStep('done');
    });
  };

  const google = (
    <>
      <OrDivider />
      <GoogleButton label={AUTH_TEXT.continueWithGoogle} />
    </>
  );

  if (step === 'done') {
    return (
      <Alert severity="success" role="status">
        {AUTH_TEXT.resetSuccess}
      </Alert>
    );
  }

  if (step === 'reset') {
    return (
      <Stack spacing={2.5}>
        <Box component="form" noValidate onSubmit={submitReset} aria-label="Reset password">
          <Stack spacing={2}>
            {error ? (
              <Alert severity="error">{error}</Alert>
            ) : (
              <Alert severity="info" role="status">
                If an account exists for <strong>{email}</strong>, a reset code is on its way.
              </Alert>
            )}
            <CodeField
              value={code}
              onChange={setCode}
              inputRef={codeRef}
              error={error === AUTH_TEXT.codeRequired}
            />
            <NewPasswordField
              value={newPassword}
              onChange={setNewPassword}
              inputRef={passwordRef}
              invalid={error === AUTH_TEXT.weakPassword}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {busy ? 'Resetting...' : AUTH_TEXT.resetPassword}
            </Button>
            <Button
              variant="text"
              disabled={busy}
              onClick={() => void run(() => requestPasswordReset(email))}
            >
              Send a new code
            </Button>
          </Stack>
        </Box>
        {google}
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5}>
      <Box component="form" noValidate onSubmit={submitEmail} aria-label="Send reset code">
        <Stack spacing={2}>
          <Typography color="text.secondary">
            Enter your account&apos;s email and we&apos;ll send you a code to reset your password.
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <EmailField {...emailEntry.fieldProps(error)} />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Sending...' : AUTH_TEXT.sendResetCode}
          </Button>
        </Stack>
      </Box>
      {google}
    </Stack>
  );
}
