import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { numberText, PROFILE_TEXT_CONSENT, textNumber } from '../../../domain/texts';
import {
  useConfirmTextNumberMutation,
  useSendTextCodeMutation,
  useUpdateMyProfileMutation,
} from '../../api/endpoints';
import { errorMessage } from '../../api/errors';
import type { Profile } from '../../api/normalize';
import { Panel } from '../../components/Panel';
import { ChoiceSwitches, type ChoiceSwitch } from './ChoiceSwitches';
import { useToast } from '../../components/toast';
import { business } from '../../config/business';
import {
  EMAIL_CHOICES_NEED_NAME,
  TEXT_CHOICES_FAILED,
  TEXT_CHOICES_SAVED,
  TEXT_CHOICES_TITLE,
  TEXT_CODE_FAILED,
  TEXT_CODE_INVALID,
  TEXT_CODE_LABEL,
  TEXT_CODE_SENT,
  TEXT_CONFIRM,
  TEXT_GOES_TO,
  TEXT_NEED_MOBILE,
  TEXT_NUMBER_CONFIRMED,
  TEXT_REMINDERS_HELP,
  TEXT_REMINDERS_LABEL,
  TEXT_SEND_CODE,
  TEXT_STOPPED,
  TEXT_UPDATES_HELP,
  TEXT_UPDATES_LABEL,
} from './messages';
import { toAccountUpdate } from './profileForm';

type Choice = 'reminders' | 'statusUpdates';
const switches: ChoiceSwitch<Choice>[] = [
  { key: 'reminders', label: TEXT_REMINDERS_LABEL, help: TEXT_REMINDERS_HELP },
  { key: 'statusUpdates', label: TEXT_UPDATES_LABEL, help: TEXT_UPDATES_HELP },
];

/**
 * The customer's texts (docs/product.md §12): the profile's mobile number is confirmed with a
 * texted code (the account's phone, once the identity provider verified it, comes confirmed
 * from the server), then each kind of text is a switch saved as soon as it is flipped, with the
 * consent wording beside them. A number that texted STOP is said to be stopped.
 */
export function TextChoices({ profile }: { profile: Profile }) {
  const toast = useToast();
  const [updateProfile, { isLoading: saving }] = useUpdateMyProfileMutation();
  const [sendCode, { isLoading: sending }] = useSendTextCodeMutation();
  const [confirm, { isLoading: confirming }] = useConfirmTextNumberMutation();
  const prefs = profile.textPreferences;
  const [choices, setChoices] = useState({
    reminders: prefs.reminders,
    statusUpdates: prefs.statusUpdates,
  });
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mobile = textNumber(profile.mobile);
  const confirmed = prefs.number || null;

  const askForCode = async () => {
    setError(null);
    try {
      await sendCode().unwrap();
      setCodeSentTo(mobile);
    } catch (failure) {
      setError(errorMessage(failure, TEXT_CODE_FAILED));
    }
  };

  const confirmCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(TEXT_CODE_INVALID);
      return;
    }
    setError(null);
    try {
      await confirm({ textCode: { code: code.trim() } }).unwrap();
      setCodeSentTo(null);
      setCode('');
      toast.success(TEXT_NUMBER_CONFIRMED);
    } catch (failure) {
      setError(errorMessage(failure, TEXT_CODE_FAILED));
    }
  };

  const flip = async (key: Choice, on: boolean) => {
    if (!profile.name.trim()) {
      setError(EMAIL_CHOICES_NEED_NAME);
      return;
    }
    const before = choices;
    const next = { ...choices, [key]: on };
    setChoices(next);
    setError(null);
    try {
      const saved = await updateProfile({
        profileUpdate: {
          ...toAccountUpdate(profile, profile.name, profile.phone),
          textPreferences: next,
        },
      }).unwrap();
      setChoices({
        reminders: saved.textPreferences.reminders,
        statusUpdates: saved.textPreferences.statusUpdates,
      });
      toast.success(TEXT_CHOICES_SAVED);
    } catch (failure) {
      setChoices(before);
      setError(errorMessage(failure, TEXT_CHOICES_FAILED));
    }
  };

  return (
    <Panel title={TEXT_CHOICES_TITLE}>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {confirmed && prefs.stopped && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {TEXT_STOPPED(numberText(confirmed))}
        </Alert>
      )}
      {confirmed ? (
        <Typography sx={{ mb: 1 }}>{TEXT_GOES_TO(numberText(confirmed))}</Typography>
      ) : !mobile ? (
        <Typography sx={{ mb: 1 }}>{TEXT_NEED_MOBILE}</Typography>
      ) : null}
      {mobile && mobile !== confirmed && (
        <Stack spacing={2} sx={{ mb: 2 }}>
          <div>
            <Button variant="outlined" disabled={sending} onClick={() => void askForCode()}>
              {TEXT_SEND_CODE}
            </Button>
          </div>
          {codeSentTo && (
            <form onSubmit={(event) => void confirmCode(event)} noValidate>
              <Typography role="status" sx={{ mb: 1 }}>
                {TEXT_CODE_SENT(numberText(codeSentTo))}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  label={TEXT_CODE_LABEL}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
                  size="small"
                />
                <Button type="submit" variant="contained" disabled={confirming}>
                  {TEXT_CONFIRM}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      )}
      {confirmed && (
        <>
          <ChoiceSwitches
            switches={switches}
            choices={choices}
            disabled={saving}
            onFlip={(key, on) => void flip(key, on)}
            idPrefix="text-choice"
          />
          <Typography variant="body2" color="text.secondary">
            {PROFILE_TEXT_CONSENT(business.name)}
          </Typography>
        </>
      )}
    </Panel>
  );
}
