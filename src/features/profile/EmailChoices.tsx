import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useUpdateMyProfileMutation } from '../../api/endpoints';
import type { EmailChoices as Choices, Profile } from '../../api/normalize';
import { Panel } from '../../components/Panel';
import { ChoiceSwitches, type ChoiceSwitch } from './ChoiceSwitches';
import { useToast } from '../../components/toast';
import {
  EMAIL_CHOICES_FAILED,
  EMAIL_CHOICES_NEED_NAME,
  EMAIL_CHOICES_SAVED,
  EMAIL_CHOICES_TITLE,
  EMAIL_CONFIRMATION_NOTE,
  EMAIL_REMINDERS_HELP,
  EMAIL_REMINDERS_LABEL,
  EMAIL_UPDATES_HELP,
  EMAIL_UPDATES_LABEL,
} from './messages';
import { toAccountUpdate } from './profileForm';

const switches: ChoiceSwitch<keyof Choices>[] = [
  { key: 'reminders', label: EMAIL_REMINDERS_LABEL, help: EMAIL_REMINDERS_HELP },
  { key: 'statusUpdates', label: EMAIL_UPDATES_LABEL, help: EMAIL_UPDATES_HELP },
];

/**
 * The customer's e-mail choices (docs/product.md, E-mail): two switches, each saved as soon as
 * it is flipped (the profile as stored, with the new choices). A failed save puts the switch
 * back and says so.
 */
export function EmailChoices({ profile }: { profile: Profile }) {
  const toast = useToast();
  const [updateProfile, { isLoading: saving }] = useUpdateMyProfileMutation();
  const [choices, setChoices] = useState<Choices>(profile.emailPreferences);
  const [error, setError] = useState<string | null>(null);

  const flip = async (key: keyof Choices, on: boolean) => {
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
          emailPreferences: next,
        },
      }).unwrap();
      setChoices(saved.emailPreferences);
      toast.success(EMAIL_CHOICES_SAVED);
    } catch {
      setChoices(before);
      setError(EMAIL_CHOICES_FAILED);
    }
  };

  return (
    <Panel title={EMAIL_CHOICES_TITLE}>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <ChoiceSwitches
        switches={switches}
        choices={choices}
        disabled={saving}
        onFlip={(key, on) => void flip(key, on)}
        idPrefix="email-choice"
      />
      <Typography variant="body2" color="text.secondary">
        {EMAIL_CONFIRMATION_NOTE}
      </Typography>
    </Panel>
  );
}
