import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import {
  continueSignIn,
  mfaChoice,
  signInWithPassword,
  type MfaMethod,
  type SignInStep,
} from '../../../api/identity/cognito';
import { useAppDispatch } from '../../../api/hooks';
import { startSession } from '../../../api/session/session';
import { useProviderCall } from '../useProviderCall';
import { AUTH_TEXT, mfaInstruction } from '../messages';
import { hasAt, isEmailAddress, newPasswordProblem, normalizeEmail } from '../validation';
import { useEmailEntry } from './useEmailEntry';
import { CodeField } from './CodeField';
import { GoogleButton } from './GoogleButton';
import { OrDivider } from './OrDivider';
import { NewPasswordPair } from './NewPasswordField';
import { PasswordField } from './PasswordField';
import { EmailField } from './EmailField';
import { MethodChoice, StepForm } from './StepForm';
import { TotpSetupDetails } from './TotpSetupDetails';
import { landingPath } from '../../../api/session/landing';

/** The steps shown after the credentials (the others end the form or go elsewhere). */
type PendingStep = Extract<
  SignInStep,
  {
    kind: 'mfa' | 'select-mfa' | 'select-mfa-setup' | 'setup-totp' | 'setup-email' | 'new-password';
  }
>;

/**
 * Login (docs/product.md §2, §4, §5): e-mail and password, then every further step the user
 * pool asks for — a code (SMS, authenticator, e-mail), a choice of method, authenticator or
 * e-mail set-up, a required new password. Each step can be cancelled back to the credentials.
 */
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
  const emailEntry = useEmailEntry(initialEmail);
  const { email } = emailEntry;
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<PendingStep | null>(null);
  const [code, setCode] = useState('');
  /** "Remember this device" on a code step (off unless ticked). */
  const [remember, setRemember] = useState(false);
  const [method, setMethod] = useState<MfaMethod | ''>('');
  const [mfaEmail, setMfaEmail] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { busy, error, setError, run } = useProviderCall();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const follow = (next: SignInStep, signedInEmail: string) => {
    switch (next.kind) {
      case 'done':
        startSession(dispatch, next.tokens);
        void navigate(landingPath(), { replace: true });
        return;
      case 'confirm-sign-up':
        onNeedsConfirmation(signedInEmail);
        return;
      case 'reset-password':
        setStep(null);
        setError(AUTH_TEXT.resetRequired);
        return;
      case 'unsupported':
        setError(AUTH_TEXT.loginFailed);
        return;
      default:
        setStep(next);
        setCode('');
        setRemember(false);
        setMethod('');
    }
  };

  const submitCredentials = async (event: FormEvent) => {
    event.preventDefault();
    const normalized = emailEntry.accept(hasAt, setError);
    if (!normalized) return;
    await run(async () => {
      follow(await signInWithPassword(normalized, password), normalized);
    }, AUTH_TEXT.loginFailed);
  };

  /** Sends the step's answer, or shows why it cannot be sent yet. */
  const answer = (response: string, invalid?: string) => {
    if (invalid) {
      setError(invalid);
      return;
    }
    const rememberDevice = step?.kind === 'mfa' && remember;
    void run(async () => {
      follow(await continueSignIn(response, { rememberDevice }), email);
    }, AUTH_TEXT.loginFailed);
  };

  const cancel = () => {
    setStep(null);
    setCode('');
    setRemember(false);
    setNewPassword('');
    setConfirmPassword('');
    setError('');
  };

  if (step) {
    const common = { error, busy, onCancel: cancel, id: step.kind };
    const codeField = (
      <CodeField value={code} onChange={setCode} error={error === AUTH_TEXT.mfaCodeRequired} />
    );
    const verify = {
      submitLabel: 'Verify',
      busyLabel: 'Verifying...',
      onSubmit: () => answer(code, code ? undefined : AUTH_TEXT.mfaCodeRequired),
    };
    const choose = {
      submitLabel: 'Continue',
      busyLabel: 'Continuing...',
      onSubmit: () =>
        answer(method ? mfaChoice(method) : '', method ? undefined : AUTH_TEXT.methodRequired),
    };
    switch (step.kind) {
      case 'mfa':
        return (
          <StepForm
            {...common}
            {...verify}
            heading={AUTH_TEXT.twoStepHeading}
            instruction={mfaInstruction(step.method, step.destination)}
          >
            {codeField}
            <FormControlLabel
              control={
                <Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />
              }
              label={AUTH_TEXT.rememberDevice}
            />
          </StepForm>
        );
      case 'select-mfa':
      case 'select-mfa-setup': {
        const [heading, instruction] =
          step.kind === 'select-mfa'
            ? [AUTH_TEXT.twoStepHeading, AUTH_TEXT.chooseMethod]
            : [AUTH_TEXT.setUpTwoStepHeading, AUTH_TEXT.chooseSetupMethod];
        return (
          <StepForm {...common} {...choose} heading={heading} instruction={instruction}>
            <MethodChoice
              methods={step.methods}
              value={method}
              onChange={setMethod}
              label={instruction}
            />
          </StepForm>
        );
      }
      case 'setup-totp':
        return (
          <StepForm
            {...common}
            {...verify}
            heading={AUTH_TEXT.totpSetupHeading}
            instruction={AUTH_TEXT.totpSetupInstruction}
          >
            <TotpSetupDetails setup={step} />
            {codeField}
          </StepForm>
        );
      case 'setup-email':
        return (
          <StepForm
            {...common}
            submitLabel="Continue"
            busyLabel="Continuing..."
            heading={AUTH_TEXT.emailSetupHeading}
            instruction={AUTH_TEXT.emailSetupInstruction}
            onSubmit={() => {
              const address = normalizeEmail(mfaEmail);
              answer(address, isEmailAddress(address) ? undefined : AUTH_TEXT.invalidEmail);
            }}
          >
            <EmailField
              value={mfaEmail}
              onChange={setMfaEmail}
              invalid={error === AUTH_TEXT.invalidEmail}
            />
          </StepForm>
        );
      case 'new-password':
        return (
          <StepForm
            {...common}
            submitLabel="Set Password"
            busyLabel="Saving..."
            heading={AUTH_TEXT.newPasswordHeading}
            instruction={AUTH_TEXT.newPasswordInstruction}
            onSubmit={() => answer(newPassword, newPasswordProblem(newPassword, confirmPassword))}
          >
            <NewPasswordPair
              value={newPassword}
              confirm={confirmPassword}
              onChange={setNewPassword}
              onConfirmChange={setConfirmPassword}
              error={error}
            />
          </StepForm>
        );
    }
  }

  return (
    <Stack spacing={2.5}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submitCredentials(event)}
        aria-label="Log in"
      >
        <Stack spacing={2}>
          {notice && !error && <Alert severity="success">{notice}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          <EmailField {...emailEntry.fieldProps(error)} />
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
