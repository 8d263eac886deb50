import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetMyProfileQuery, useUpdateMyProfileMutation } from '../../api/endpoints';
import { errorMessage } from '../../api/errors';
import type { Profile } from '../../api/normalize';
import { useToast } from '../../components/toast';
import { DashboardPageBody } from '../../components/DashboardPageBody';
import { usePageMeta } from '../../components/usePageMeta';
import {
  FIX_FIELDS_MESSAGE,
  fromProfile,
  profileFields,
  toProfileUpdate,
  validateProfile,
  type ProfileErrors,
  type ProfileField,
  type ProfileFormValues,
} from './profileForm';

import { addressAutoComplete, addressLabels } from '../../lib/address';
import { PROFILE_LOAD_FAILED, PROFILE_SAVE_FAILED, PROFILE_SAVED } from './messages';
import { AccountDetails } from './AccountDetails';
import { EmailChoices } from './EmailChoices';
import { TextChoices } from './TextChoices';

interface FieldSpec {
  name: ProfileField;
  label: string;
  autoComplete: string;
  type?: string;
  required?: boolean;
  size: { xs: number; sm: number };
}

const fieldSpecs: FieldSpec[] = [
  { name: 'name', label: 'Name', autoComplete: 'name', required: true, size: { xs: 12, sm: 12 } },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel', size: { xs: 12, sm: 6 } },
  {
    name: 'mobile',
    label: 'Mobile',
    autoComplete: 'tel',
    type: 'tel',
    required: true,
    size: { xs: 12, sm: 6 },
  },
  {
    name: 'line1',
    label: addressLabels.line1,
    autoComplete: addressAutoComplete.line1,
    required: true,
    size: { xs: 12, sm: 12 },
  },
  {
    name: 'line2',
    label: addressLabels.line2,
    autoComplete: addressAutoComplete.line2,
    size: { xs: 12, sm: 12 },
  },
  {
    name: 'city',
    label: addressLabels.city,
    autoComplete: addressAutoComplete.city,
    required: true,
    size: { xs: 12, sm: 5 },
  },
  {
    name: 'state',
    label: addressLabels.state,
    autoComplete: addressAutoComplete.state,
    required: true,
    size: { xs: 6, sm: 3 },
  },
  {
    name: 'zip',
    label: addressLabels.zip,
    autoComplete: addressAutoComplete.zip,
    required: true,
    size: { xs: 6, sm: 4 },
  },
];

/** The "Your Profile" form (docs/product.md §5): validated on submit; the answer replaces what it shows. */
function ProfileForm({ profile }: { profile: Profile }) {
  const toast = useToast();
  const [updateProfile, { isLoading: saving }] = useUpdateMyProfileMutation();
  const [values, setValues] = useState<ProfileFormValues>(() => fromProfile(profile));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<ProfileField, HTMLInputElement | null>>>({});

  const onChange = (field: ProfileField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // After a failed submit the highlights follow the corrections as they are typed.
    if (submitted) setErrors(validateProfile(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateProfile(values);
    setErrors(found);
    const firstInvalid = profileFields.find((field) => found[field]);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    try {
      const saved = await updateProfile({
        profileUpdate: toProfileUpdate(values, profile.email),
      }).unwrap();
      setValues(fromProfile(saved));
      setSubmitted(false);
      toast.success(PROFILE_SAVED);
    } catch (error) {
      toast.error(errorMessage(error, PROFILE_SAVE_FAILED));
    }
  };

  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Card variant="outlined" component="section" aria-labelledby="your-profile-heading">
      <CardContent>
        <Typography id="your-profile-heading" variant="h5" component="h2" gutterBottom>
          Your Profile
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          aria-labelledby="your-profile-heading"
        >
          {hasErrors && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {FIX_FIELDS_MESSAGE}
            </Alert>
          )}
          <Grid container spacing={2}>
            <Grid size={12}>
              <TextField
                label="Email"
                value={profile.email}
                fullWidth
                autoComplete="email"
                helperText="Your e-mail cannot be changed here."
                slotProps={{ htmlInput: { readOnly: true } }}
              />
            </Grid>
            {fieldSpecs.map((spec) => (
              <Grid key={spec.name} size={spec.size}>
                <TextField
                  id={`profile-${spec.name}`}
                  name={spec.name}
                  label={spec.label}
                  type={spec.type ?? 'text'}
                  value={values[spec.name]}
                  onChange={onChange(spec.name)}
                  required={spec.required}
                  error={Boolean(errors[spec.name])}
                  helperText={errors[spec.name] ?? ' '}
                  autoComplete={spec.autoComplete}
                  inputRef={(el: HTMLInputElement | null) => {
                    inputs.current[spec.name] = el;
                  }}
                  fullWidth
                />
              </Grid>
            ))}
          </Grid>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            startIcon={
              saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
            }
            sx={{ mt: 1 }}
          >
            {saving ? 'Saving...' : 'Save Profile'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** Account Profile (docs/product.md §2): the account ID (the e-mail, or a dash) and the profile form. */
export function ProfilePage() {
  usePageMeta('Account Profile');
  const { data: profile, error, isLoading } = useGetMyProfileQuery();

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Account Profile
      </Typography>
      <DashboardPageBody
        loading={isLoading}
        loadingLabel="Loading profile…"
        loadingText="Loading profile…"
        error={!profile && errorMessage(error, PROFILE_LOAD_FAILED)}
      >
        {() =>
          profile && (
            <>
              <Typography sx={{ mb: 3 }}>
                Account ID: <strong>{profile.email || '-'}</strong>
              </Typography>
              <AccountDetails profile={profile} />
              {/* A save of the account details above refreshes the form with the stored values. */}
              <ProfileForm key={`${profile.name}\n${profile.phone}`} profile={profile} />
              <Box sx={{ mt: 3 }}>
                <EmailChoices profile={profile} />
              </Box>
              <Box sx={{ mt: 3 }}>
                <TextChoices profile={profile} />
              </Box>
            </>
          )
        }
      </DashboardPageBody>
    </Container>
  );
}
