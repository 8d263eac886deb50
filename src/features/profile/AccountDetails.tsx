import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useUpdateMyProfileMutation } from '../../api/endpoints';
import type { Profile } from '../../api/normalize';
import { Panel } from '../../components/Panel';
import { useToast } from '../../components/toast';
import { ACCOUNT_NAME_EMPTY, ACCOUNT_SAVE_FAILED, PROFILE_SAVED } from './messages';
import { toAccountUpdate } from './profileForm';

/**
 * The account screen's own name and phone edit (docs/product.md §5, §8), beside the Your Profile
 * form: an empty name is refused, the phone is trimmed, a failure reads `Failed to save profile.`
 */
export function AccountDetails({ profile }: { profile: Profile }) {
  const toast = useToast();
  const [updateProfile, { isLoading: saving }] = useUpdateMyProfileMutation();
  const [name, setName] = useState(profile.name);
  const [phone, setPhone] = useState(profile.phone);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(ACCOUNT_NAME_EMPTY);
      return;
    }
    setError(null);
    try {
      const saved = await updateProfile({
        profileUpdate: toAccountUpdate(profile, name, phone),
      }).unwrap();
      setName(saved.name);
      setPhone(saved.phone);
      toast.success(PROFILE_SAVED);
    } catch {
      setError(ACCOUNT_SAVE_FAILED);
    }
  };

  return (
    <Box sx={{ mb: 3 }}>
      <Panel title="Account Details">
        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'start' }}>
            <TextField
              label="Account name"
              name="accountName"
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              error={error === ACCOUNT_NAME_EMPTY}
              autoComplete="name"
              fullWidth
            />
            <TextField
              label="Account phone"
              name="accountPhone"
              type="tel"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              autoComplete="tel"
              fullWidth
            />
            <Button
              type="submit"
              variant="outlined"
              disabled={saving}
              sx={{ flexShrink: 0, py: 2 }}
            >
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </Stack>
        </Box>
      </Panel>
    </Box>
  );
}
