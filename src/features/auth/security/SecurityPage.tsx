import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toE164 } from '../../../../domain/contact';
import { formatShortDate } from '../../../../domain/dates';
import {
  changePassword,
  confirmPhone,
  confirmTotpSetup,
  fetchMfaSettings,
  fetchRememberedDevices,
  forgetRememberedDevice,
  savePhone,
  sendPhoneCode,
  setMfaMethod,
  signOutEverywhere,
  startTotpSetup,
  turnOffTotp,
  type MfaSettings,
  type RememberedDevice,
} from '../../../api/identity/account';
import type { TotpSetup } from '../../../api/identity/cognito';
import { useReportSessionsEndedMutation } from '../../../api/generated';
import { useGetMyProfileQuery } from '../../../api/endpoints';
import { useAppDispatch } from '../../../api/hooks';
import { logout } from '../../../api/session/logout';
import { refreshNow } from '../../../api/session/refresh';
import { Panel } from '../../../components/Panel';
import { usePageMeta } from '../../../components/usePageMeta';
import { CodeField } from '../components/CodeField';
import { NewPasswordPair } from '../components/NewPasswordField';
import { PasswordField } from '../components/PasswordField';
import { TotpSetupDetails } from '../components/TotpSetupDetails';
import { AUTH_TEXT, MFA_METHOD_LABELS, SECURITY_TEXT } from '../messages';
import { useProviderCall } from '../useProviderCall';
import { DeleteAccountPanel } from './DeleteAccountPanel';
import { DownloadDataPanel } from './DownloadDataPanel';
import { deviceLabel } from './deviceLabel';
import { newPasswordProblem } from '../validation';

/** The user pool refused this session's access token (e.g. after "Sign out of all devices"). */
function sessionEnded(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  return (
    name === 'NotAuthorizedException' &&
    /access token has (been revoked|expired)/i.test(String(message))
  );
}

/** Ends this browser's session and goes to /auth. */
function useEndSession() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    logout(dispatch);
    void navigate('/auth', { replace: true });
  }, [dispatch, navigate]);
}

/**
 * Runs an account call like the auth forms do; when the pool says the session is over, the
 * browser's session ends instead of showing an error.
 */
function useAccountCall() {
  const call = useProviderCall();
  const endSession = useEndSession();
  const { run } = call;
  const runAccount = useCallback(
    (fn: () => Promise<void>, fallback: string) =>
      run(async () => {
        try {
          await fn();
        } catch (error) {
          if (sessionEnded(error)) endSession();
          throw error;
        }
      }, fallback),
    [run, endSession],
  );
  return { ...call, run: runAccount };
}

/**
 * "Sign out of all devices": the API is told first (it then refuses every token of the account
 * issued before now), then the user pool revokes every session, then this browser's ends.
 */
function useSignOutEverywhere() {
  const [report] = useReportSessionsEndedMutation();
  const endSession = useEndSession();
  return useCallback(async () => {
    await report({ sessionsEnded: { reason: 'global-sign-out' } }).unwrap();
    await signOutEverywhere();
    endSession();
  }, [report, endSession]);
}

/**
 * What a panel reads from the user pool, loaded once per attempt: until it is there,
 * `placeholder` is a spinner, or the failure with Retry (another attempt). A session the pool
 * ended ends this browser's instead.
 */
function useAccountLoad<T>(fetch: () => Promise<T>, texts: { failed: string; loading: string }) {
  const [value, setValue] = useState<T | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const endSession = useEndSession();
  useEffect(() => {
    let live = true;
    fetch().then(
      (loaded) => {
        if (live) setValue(loaded);
      },
      (err: unknown) => {
        if (!live) return;
        if (sessionEnded(err)) endSession();
        else setLoadError(true);
      },
    );
    return () => {
      live = false;
    };
  }, [fetch, attempt, endSession]);
  const retry = () => {
    setLoadError(false);
    setAttempt((n) => n + 1);
  };
  const placeholder = loadError ? (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          Retry
        </Button>
      }
    >
      {texts.failed}
    </Alert>
  ) : (
    <CircularProgress aria-label={texts.loading} size={28} />
  );
  return { value, setValue, placeholder };
}

function ChangePasswordPanel() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const { busy, error, setError, run } = useAccountCall();
  const [report] = useReportSessionsEndedMutation();
  const signOutAll = useSignOutEverywhere();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const problem = newPasswordProblem(next, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    await run(async () => {
      await changePassword(current, next);
      // Tokens issued before the change are refused by the API from now on: this browser
      // takes new ones (its refresh token stays valid).
      await report({ sessionsEnded: { reason: 'password-change' } }).unwrap();
      await refreshNow();
      setCurrent('');
      setNext('');
      setConfirm('');
      setDone(true);
    }, SECURITY_TEXT.passwordChangeFailed);
  };

  return (
    <Panel title={SECURITY_TEXT.changePasswordHeading}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={SECURITY_TEXT.changePasswordHeading}
      >
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          {done && (
            <Alert
              severity="success"
              action={
                <Button
                  color="inherit"
                  size="small"
                  disabled={busy}
                  onClick={() => void run(signOutAll, SECURITY_TEXT.signOutFailed)}
                >
                  Sign out of all devices
                </Button>
              }
            >
              <Box component="p" sx={{ m: 0 }}>
                {SECURITY_TEXT.passwordChanged}
              </Box>
              <Box component="p" sx={{ m: 0, mt: 1 }}>
                {SECURITY_TEXT.signOutOffer}
              </Box>
            </Alert>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          <PasswordField
            label="Current password"
            name="current-password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <NewPasswordPair
            value={next}
            confirm={confirm}
            onChange={setNext}
            onConfirmChange={setConfirm}
            error={error}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Saving...' : 'Change Password'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Panel>
  );
}

/** A form asking for an authenticator code (set-up, turning off), with Cancel. */
function CodeForm(props: {
  label: string;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (event: FormEvent) => void;
  code: string;
  setCode: (code: string) => void;
  busy: boolean;
  error: string;
  cancel: () => void;
  children: ReactNode;
}) {
  const { label, submitLabel, busyLabel, onSubmit, code, setCode, busy, error, cancel } = props;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack spacing={2}>
        {props.children}
        <CodeField value={code} onChange={setCode} error={error === AUTH_TEXT.mfaCodeRequired} />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
          <Button disabled={busy} onClick={cancel}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * The sign-in account's phone (docs/product.md §7): added or changed, then confirmed with the
 * code texted to it. Without one, the profile's phone (mobile first) is offered, in E.164.
 */
function AccountPhone({
  settings,
  onChanged,
}: {
  settings: MfaSettings;
  onChanged: () => Promise<void>;
}) {
  const profile = useGetMyProfileQuery().currentData;
  const suggested =
    settings.phone || toE164(profile?.mobile ?? '') || toE164(profile?.phone ?? '') || '';
  /** What the customer typed; null until they type (the suggestion is shown meanwhile). */
  const [typed, setTyped] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  /** Where the code went: the code form is shown while set. */
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState('');
  const { busy, error, setError, run } = useAccountCall();
  const value = typed ?? suggested;
  const confirmed = settings.phone !== '' && settings.phoneVerified;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    const phone = toE164(value);
    if (!phone) {
      setError(SECURITY_TEXT.phoneInvalid);
      return;
    }
    await run(async () => {
      const destination = await savePhone(phone);
      setSentTo(destination || phone);
      setTyped(null);
      await onChanged();
    }, SECURITY_TEXT.phoneFailed);
  };

  const resend = () =>
    run(async () => {
      setNotice('');
      setSentTo((await sendPhoneCode()) || sentTo);
      setNotice(SECURITY_TEXT.phoneCodeResent);
    }, SECURITY_TEXT.phoneFailed);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    if (!code) {
      setError(AUTH_TEXT.mfaCodeRequired);
      return;
    }
    await run(async () => {
      await confirmPhone(code);
      setSentTo('');
      setCode('');
      setEditing(false);
      await onChanged();
      setNotice(SECURITY_TEXT.phoneConfirmed);
    }, SECURITY_TEXT.phoneFailed);
  };

  const stop = () => {
    setSentTo('');
    setCode('');
    setEditing(false);
    setTyped(null);
    setError('');
  };

  let body: ReactNode;
  if (sentTo) {
    body = (
      <CodeForm
        code={code}
        setCode={setCode}
        busy={busy}
        error={error}
        cancel={stop}
        label="Confirm your phone number"
        submitLabel="Verify"
        busyLabel="Verifying..."
        onSubmit={(event) => void verify(event)}
      >
        <Typography>{SECURITY_TEXT.phoneCodeSent(sentTo)}</Typography>
        <Box>
          <Button size="small" disabled={busy} onClick={() => void resend()}>
            Send a new code
          </Button>
        </Box>
      </CodeForm>
    );
  } else if (confirmed && !editing) {
    body = (
      <>
        <Typography>{SECURITY_TEXT.phoneShown(settings.phone)}</Typography>
        <Box>
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => {
              setNotice('');
              setEditing(true);
            }}
          >
            Change phone number
          </Button>
        </Box>
      </>
    );
  } else {
    body = (
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void send(event)}
        aria-label="Phone number for text message codes"
      >
        <Stack spacing={2}>
          {!confirmed && (
            <Typography color="text.secondary">
              {settings.phone ? SECURITY_TEXT.phoneUnconfirmed : SECURITY_TEXT.smsNeedsPhone}
            </Typography>
          )}
          <TextField
            label="Phone number"
            name="phone"
            type="tel"
            autoComplete="tel"
            value={value}
            onChange={(event) => setTyped(event.target.value)}
            error={error === SECURITY_TEXT.phoneInvalid}
            fullWidth
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Sending...' : 'Send code'}
            </Button>
            {editing && (
              <Button disabled={busy} onClick={stop}>
                Cancel
              </Button>
            )}
          </Stack>
        </Stack>
      </Box>
    );
  }

  return (
    <Stack spacing={2}>
      {notice && !error && <Alert severity="success">{notice}</Alert>}
      {error && <Alert severity="error">{error}</Alert>}
      {body}
    </Stack>
  );
}

function TwoStepPanel() {
  const load = useAccountLoad(fetchMfaSettings, {
    failed: SECURITY_TEXT.loadFailed,
    loading: 'Loading sign-in settings',
  });
  const { value: settings, setValue: setSettings } = load;
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [turningOff, setTurningOff] = useState(false);
  const [notice, setNotice] = useState('');
  const { busy, error, setError, run } = useAccountCall();

  const change = (fn: () => Promise<void>, success: string) =>
    run(async () => {
      setNotice('');
      await fn();
      setSettings(await fetchMfaSettings());
      setNotice(success);
    }, SECURITY_TEXT.mfaFailed);

  /** Submits the code form: an empty code is refused before any call. */
  const withCode =
    (fn: (code: string) => Promise<void>, success: string) => async (event: FormEvent) => {
      event.preventDefault();
      if (!code) {
        setError(AUTH_TEXT.mfaCodeRequired);
        return;
      }
      await change(async () => {
        await fn(code);
        setSetup(null);
        setTurningOff(false);
        setCode('');
      }, success);
    };
  const verify = withCode(confirmTotpSetup, SECURITY_TEXT.totpOn);
  const turnOff = withCode(turnOffTotp, SECURITY_TEXT.totpOff);

  const reload = useCallback(async () => setSettings(await fetchMfaSettings()), [setSettings]);

  const cancel = () => {
    setSetup(null);
    setTurningOff(false);
    setCode('');
    setError('');
  };

  const codeForm = { code, setCode, busy, error, cancel };

  if (!settings) return <Panel title={SECURITY_TEXT.twoStepHeading}>{load.placeholder}</Panel>;

  return (
    <Panel title={SECURITY_TEXT.twoStepHeading}>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <Typography color="text.secondary">{SECURITY_TEXT.twoStepIntro}</Typography>
        {notice && !error && <Alert severity="success">{notice}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}

        <Typography variant="h6" component="h3">
          {MFA_METHOD_LABELS.totp}
        </Typography>
        <Typography>{settings.totp ? SECURITY_TEXT.totpOn : SECURITY_TEXT.totpOff}</Typography>
        {settings.totp && turningOff ? (
          <CodeForm
            {...codeForm}
            label="Turn off authenticator app"
            submitLabel="Turn off"
            busyLabel="Turning off..."
            onSubmit={(event) => void turnOff(event)}
          >
            <Typography>{SECURITY_TEXT.totpOffInstruction}</Typography>
          </CodeForm>
        ) : settings.totp ? (
          <Box>
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() => {
                setNotice('');
                setTurningOff(true);
              }}
            >
              Turn off authenticator app
            </Button>
          </Box>
        ) : setup ? (
          <CodeForm
            {...codeForm}
            label={AUTH_TEXT.totpSetupHeading}
            submitLabel="Verify"
            busyLabel="Verifying..."
            onSubmit={(event) => void verify(event)}
          >
            <Typography>{AUTH_TEXT.totpSetupInstruction}</Typography>
            <TotpSetupDetails setup={setup} />
          </CodeForm>
        ) : (
          <Box>
            <Button
              variant="contained"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  setNotice('');
                  setSetup(await startTotpSetup());
                }, SECURITY_TEXT.mfaFailed)
              }
            >
              Set up authenticator app
            </Button>
          </Box>
        )}

        <Typography variant="h6" component="h3">
          {MFA_METHOD_LABELS.sms}
        </Typography>
        {/* Codes already on can be turned off even while a new phone waits for its code. */}
        {(settings.sms || (settings.phone && settings.phoneVerified)) && (
          <>
            <Typography>{settings.sms ? SECURITY_TEXT.smsOn : SECURITY_TEXT.smsOff}</Typography>
            <Box>
              <Button
                variant="outlined"
                disabled={busy}
                onClick={() =>
                  void change(
                    () => setMfaMethod('sms', !settings.sms),
                    settings.sms ? SECURITY_TEXT.smsOff : SECURITY_TEXT.smsOn,
                  )
                }
              >
                {settings.sms ? 'Turn off text message codes' : 'Turn on text message codes'}
              </Button>
            </Box>
          </>
        )}
        <AccountPhone settings={settings} onChanged={reload} />
      </Stack>
    </Panel>
  );
}

/**
 * The devices remembered at a sign-in ("Remember this device", docs/product.md §7), each with
 * when it last signed in and Forget: a forgotten device is asked for a code again.
 */
function RememberedDevicesPanel() {
  const load = useAccountLoad(fetchRememberedDevices, {
    failed: SECURITY_TEXT.devicesLoadFailed,
    loading: 'Loading remembered devices',
  });
  const { value: devices, setValue: setDevices } = load;
  const [notice, setNotice] = useState('');
  const { busy, error, run } = useAccountCall();

  const forget = (device: RememberedDevice, label: string) =>
    run(async () => {
      setNotice('');
      await forgetRememberedDevice(device.id);
      setDevices(await fetchRememberedDevices());
      setNotice(SECURITY_TEXT.deviceForgotten(label));
    }, SECURITY_TEXT.deviceForgetFailed);

  let body: ReactNode;
  if (!devices) {
    body = load.placeholder;
  } else if (devices.length === 0) {
    body = <Typography>{SECURITY_TEXT.noDevices}</Typography>;
  } else {
    body = (
      <Stack
        component="ul"
        role="list"
        aria-label={SECURITY_TEXT.devicesHeading}
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {devices.map((device) => {
          const label = deviceLabel(device.name);
          return (
            <Stack
              component="li"
              key={device.id}
              direction="row"
              spacing={2}
              sx={{ alignItems: 'center', justifyContent: 'space-between' }}
            >
              <Box>
                <Typography>{label}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {SECURITY_TEXT.deviceLastUsed(formatShortDate(device.lastUsed))}
                </Typography>
              </Box>
              <Button
                variant="outlined"
                disabled={busy}
                aria-label={`Forget ${label}`}
                onClick={() => void forget(device, label)}
              >
                Forget
              </Button>
            </Stack>
          );
        })}
      </Stack>
    );
  }

  return (
    <Panel title={SECURITY_TEXT.devicesHeading}>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <Typography color="text.secondary">{SECURITY_TEXT.devicesIntro}</Typography>
        {notice && <Alert severity="success">{notice}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
        {body}
      </Stack>
    </Panel>
  );
}

function SignOutEverywherePanel() {
  const { busy, error, run } = useAccountCall();
  const signOutAll = useSignOutEverywhere();
  return (
    <Panel title={SECURITY_TEXT.signOutHeading}>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <Typography color="text.secondary">{SECURITY_TEXT.signOutIntro}</Typography>
        {error && <Alert severity="error">{error}</Alert>}
        <Box>
          <Button
            variant="contained"
            color="error"
            disabled={busy}
            onClick={() => void run(signOutAll, SECURITY_TEXT.signOutFailed)}
          >
            {busy ? 'Signing out...' : 'Sign out of all devices'}
          </Button>
        </Box>
      </Stack>
    </Panel>
  );
}

/**
 * Account security (docs/product.md §7): password, two-step verification, remembered devices,
 * global sign-out, the
 * data download and the account's deletion; the dashboard pages' scaffold (a Container).
 */
export function SecurityPage() {
  usePageMeta(SECURITY_TEXT.title);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          {SECURITY_TEXT.title}
        </Typography>
        <ChangePasswordPanel />
        <TwoStepPanel />
        <RememberedDevicesPanel />
        <SignOutEverywherePanel />
        <DownloadDataPanel />
        <DeleteAccountPanel />
      </Stack>
    </Container>
  );
}
