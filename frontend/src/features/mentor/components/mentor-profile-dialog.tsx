import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { BUSINESS_TYPES_FORM, REFERRAL_SOURCES } from '@panda/contracts/accounts';
import { postcodeProblem } from '@panda/contracts/fields';
import { phoneProblem } from '@panda/contracts/uk-phone';
import { IconBadge } from '../../../components/icon-badge';
import { useFormErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import {
  useGetMentorProfileDetailsQuery,
  useUpdateMentorProfileMutation,
  type MentorProfileDetails,
  type UpdateMentorProfileRequest,
} from '../api/mentor-api';
import { GasSafePhotoField, isGasSafePhoto, type PhotoValue } from './gas-safe-photo-field';

/** Tag of this form's error toasts: a new submit clears the earlier ones. */
const FORM_TOASTS = 'mentor-profile';

/** Mentor form options (spec section 5), defined once in the accounts contract. */
const BUSINESS_TYPES = BUSINESS_TYPES_FORM;

type TextKey =
  | 'Business_Name'
  | 'Business_Postcode'
  | 'Business_Phone_Number'
  | 'Business_Email'
  | 'Gas_Safe_Registration_Number'
  | 'Business_Type'
  | 'Additional_Information'
  | 'Referral_Source';
type FlagField =
  | 'VAT_Registered'
  | 'Qualified_Boilers'
  | 'Qualified_Cookers'
  | 'Qualified_Gas_Fires'
  | 'Qualified_Gas_Meters'
  | 'Qualified_LPG'
  | 'Qualified_Commercial';

type FormState = Record<TextKey, string> &
  Record<FlagField, boolean> & { Gas_Safe_Card_Photo: PhotoValue; Terms_Agreed: boolean };

/** Required fields in form order, with the label used in '<label> is required'. */
const REQUIRED: Array<[TextKey, string]> = [
  ['Business_Name', 'Business Name'],
  ['Business_Postcode', 'Business Postcode'],
  ['Business_Phone_Number', 'Business Phone Number'],
  ['Business_Email', 'Business Email'],
  ['Gas_Safe_Registration_Number', 'Gas Safe Registration Number'],
  ['Business_Type', 'Business Type'],
];

const QUALIFICATIONS: Array<[FlagField, string]> = [
  ['Qualified_Boilers', 'Boilers'],
  ['Qualified_Cookers', 'Cookers'],
  ['Qualified_Gas_Fires', 'Gas Fires'],
  ['Qualified_Gas_Meters', 'Gas Meters'],
  ['Qualified_LPG', 'LPG'],
  ['Qualified_Commercial', 'Commercial'],
];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function formFrom(p: MentorProfileDetails | undefined): FormState {
  return {
    Business_Name: p?.Business_Name ?? '',
    Business_Postcode: p?.Business_Postcode ?? '',
    Business_Phone_Number: p?.Business_Phone_Number ?? '',
    // A first-time profile starts from the account's e-mail.
    Business_Email: (p?.Business_Email ?? '') || (p?.profile_completed ? '' : (p?.Email ?? '')),
    Gas_Safe_Registration_Number: p?.Gas_Safe_Registration_Number ?? '',
    Business_Type: p?.Business_Type ?? '',
    Additional_Information: p?.Additional_Information ?? '',
    Referral_Source: p?.Referral_Source ?? '',
    VAT_Registered: !!p?.VAT_Registered,
    Qualified_Boilers: !!p?.Qualified_Boilers,
    Qualified_Cookers: !!p?.Qualified_Cookers,
    Qualified_Gas_Fires: !!p?.Qualified_Gas_Fires,
    Qualified_Gas_Meters: !!p?.Qualified_Gas_Meters,
    Qualified_LPG: !!p?.Qualified_LPG,
    Qualified_Commercial: !!p?.Qualified_Commercial,
    Gas_Safe_Card_Photo: isGasSafePhoto(p?.Gas_Safe_Card_Photo) ? p.Gas_Safe_Card_Photo : null,
    Terms_Agreed: !!p?.Terms_Agreed,
  };
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 700, p: 0, mb: hint ? 0.25 : 1.5 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      )}
      {children}
    </Box>
  );
}

export interface MentorProfileDialogProps {
  open: boolean;
  onClose: () => void;
}

/** 'Edit Your Mentor Profile' (spec sections 3, 5, 7; docs/rules.md#image-checks for the photo). */
export function MentorProfileDialog({ open, onClose }: MentorProfileDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const details = useGetMentorProfileDetailsQuery(undefined, { skip: !open });
  const [update, { isLoading: saving }] = useUpdateMentorProfileMutation();
  const [form, setForm] = useState<FormState>(() => formFrom(undefined));
  const messages = useFormErrors<keyof FormState>(FORM_TOASTS);
  const { errors: invalid, reset: resetMessages } = messages;
  const [photoBusy, setPhotoBusy] = useState(false);
  const [initialised, setInitialised] = useState(false);

  // Fill the form from the saved profile each time the dialog opens (once the data is there);
  // adjusted while rendering, not in an effect.
  if (!open && initialised) setInitialised(false);
  if (open && !initialised && !details.isFetching && (details.data || details.isError)) {
    setInitialised(true);
    setForm(formFrom(details.data));
  }
  // Messages of an earlier opening go when the dialog closes (toasts included).
  useEffect(() => {
    if (!open) resetMessages();
  }, [open, resetMessages]);

  const loading = open && !initialised && (details.isLoading || details.isFetching);
  const busy = saving || photoBusy;

  const setText = (field: TextKey) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    messages.clear(field);
  };
  const setFlag = (field: FlagField | 'Terms_Agreed') => (_: unknown, checked: boolean) => {
    setForm((f) => ({ ...f, [field]: checked }));
    messages.clear(field);
  };

  const close = () => {
    if (!saving) onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || loading) return;
    const errors: Array<[keyof FormState, string]> = [];
    for (const [field, label] of REQUIRED) if (!form[field].trim()) errors.push([field, `${label} is required`]);
    const email = form.Business_Email.trim();
    if (email && !EMAIL_PATTERN.test(email)) errors.push(['Business_Email', 'Please enter a valid email address']);
    for (const [field, problem] of [
      ['Business_Phone_Number', phoneProblem],
      ['Business_Postcode', postcodeProblem],
    ] as const) {
      const message = form[field].trim() && problem(form[field].trim());
      if (message) errors.push([field, message]);
    }
    if (!form.Terms_Agreed) errors.push(['Terms_Agreed', 'Please agree to the terms and conditions']);
    if (!messages.check(errors)) return;
    const profile: Omit<UpdateMentorProfileRequest, 'Terms_Agreed' | 'Terms_Agreed_At'> = {
      Business_Name: form.Business_Name.trim(),
      Business_Postcode: form.Business_Postcode.trim().toUpperCase(),
      Business_Phone_Number: form.Business_Phone_Number.trim(),
      Business_Email: email,
      Gas_Safe_Registration_Number: form.Gas_Safe_Registration_Number.trim(),
      VAT_Registered: form.VAT_Registered,
      Business_Type: form.Business_Type,
      Qualified_Boilers: form.Qualified_Boilers,
      Qualified_Cookers: form.Qualified_Cookers,
      Qualified_Gas_Fires: form.Qualified_Gas_Fires,
      Qualified_Gas_Meters: form.Qualified_Gas_Meters,
      Qualified_LPG: form.Qualified_LPG,
      Qualified_Commercial: form.Qualified_Commercial,
      Additional_Information: form.Additional_Information.trim() || null,
      Referral_Source: form.Referral_Source || null,
      // A new image goes as its data URL; the photo on file is kept by its hash.
      Gas_Safe_Card_Photo:
        typeof form.Gas_Safe_Card_Photo === 'string'
          ? form.Gas_Safe_Card_Photo
          : (form.Gas_Safe_Card_Photo?.hash ?? null),
    };
    try {
      await update({ ...profile, Terms_Agreed: true, Terms_Agreed_At: new Date().toISOString() }).unwrap();
      messages.reset();
      toast.success('Profile updated successfully!');
      onClose();
    } catch (err) {
      messages.fail(err, 'Failed to update profile', Object.keys(form) as Array<keyof FormState>);
    }
  };

  const field = (name: TextKey, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      label={label}
      name={name}
      value={form[name]}
      onChange={setText(name)}
      error={!!invalid[name]}
      helperText={invalid[name]}
      disabled={saving}
      {...extra}
    />
  );

  const flag = (name: FlagField, label: string) => (
    <FormControlLabel
      key={name}
      control={<Switch name={name} checked={form[name]} onChange={setFlag(name)} disabled={saving} />}
      label={label}
      sx={{
        m: 0,
        px: 1.5,
        py: 0.5,
        borderRadius: '10px',
        border: '1px solid',
        borderColor: form[name] ? 'rgba(29, 78, 216, 0.3)' : 'divider',
        bgcolor: form[name] ? 'rgba(29, 78, 216, 0.04)' : 'transparent',
        justifyContent: 'space-between',
      }}
      labelPlacement="start"
    />
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      scroll="paper"
      aria-labelledby="mentor-profile-title"
      aria-describedby="mentor-profile-text"
    >
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Edit Your Mentor Profile"
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: fullScreen ? '100%' : undefined }}
      >
        <DialogTitle id="mentor-profile-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.25, pr: 7 }}>
          <IconBadge>
            <BadgeOutlined />
          </IconBadge>
          Edit Your Mentor Profile
        </DialogTitle>
        <IconButton
          aria-label="Close"
          onClick={close}
          disabled={saving}
          sx={{ position: 'absolute', right: 12, top: 14 }}
        >
          <CloseRounded />
        </IconButton>
        <DialogContent dividers sx={{ flex: '1 1 auto' }}>
          <Typography id="mentor-profile-text" color="text.secondary">
            Tell us about your business. A complete profile lets us match trainees with you. Fields marked * are
            required.
          </Typography>
          {details.isError && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              Failed to load profile data
            </Alert>
          )}
          {loading ? (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
              <CircularProgress aria-label="Loading profile" />
            </Box>
          ) : (
            <>
              <Section title="Business Details">
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  {field('Business_Name', 'Business Name', {
                    required: true,
                    autoComplete: 'organization',
                    autoFocus: !fullScreen,
                  })}
                  {field('Business_Type', 'Business Type', {
                    required: true,
                    select: true,
                    slotProps: { select: { native: true }, inputLabel: { shrink: true } },
                    children: (
                      <>
                        <option value="">Select business type</option>
                        {BUSINESS_TYPES.map((t) => (
                          <option key={t} value={t}>
                            {t}
                          </option>
                        ))}
                      </>
                    ),
                  })}
                  {field('Gas_Safe_Registration_Number', 'Gas Safe Registration Number', { required: true })}
                  <Box sx={{ display: 'flex', alignItems: 'center' }}>
                    <FormControlLabel
                      control={
                        <Switch
                          name="VAT_Registered"
                          checked={form.VAT_Registered}
                          onChange={setFlag('VAT_Registered')}
                          disabled={saving}
                        />
                      }
                      label="VAT Registered"
                      sx={{ ml: 0 }}
                    />
                  </Box>
                </Box>
              </Section>

              <Section title="Contact Details">
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  {field('Business_Email', 'Business Email', { required: true, type: 'email', autoComplete: 'email' })}
                  {field('Business_Phone_Number', 'Business Phone Number', {
                    required: true,
                    type: 'tel',
                    autoComplete: 'tel',
                  })}
                  {field('Business_Postcode', 'Business Postcode', {
                    required: true,
                    autoComplete: 'postal-code',
                    slotProps: { htmlInput: { style: { textTransform: 'uppercase' } } },
                  })}
                </Box>
              </Section>

              <Section title="Qualifications" hint="The gas work you are qualified to supervise.">
                <Box
                  sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}
                >
                  {QUALIFICATIONS.map(([name, label]) => flag(name, label))}
                </Box>
              </Section>

              <Section title="Gas Safe Card">
                <GasSafePhotoField
                  value={form.Gas_Safe_Card_Photo}
                  onChange={(photo) => setForm((f) => ({ ...f, Gas_Safe_Card_Photo: photo }))}
                  onBusyChange={setPhotoBusy}
                  disabled={saving}
                />
              </Section>

              <Section title="More About You">
                <Box sx={{ display: 'grid', gap: 2 }}>
                  {field('Additional_Information', 'Additional Information', {
                    multiline: true,
                    minRows: 3,
                    placeholder: 'Experience, areas you cover, availability...',
                  })}
                  {field('Referral_Source', 'How did you hear about us?', {
                    select: true,
                    slotProps: { select: { native: true }, inputLabel: { shrink: true } },
                    children: (
                      <>
                        <option value="">Select an option</option>
                        {REFERRAL_SOURCES.map((t) => (
                          <option key={t} value={t}>
                            {t}
                          </option>
                        ))}
                      </>
                    ),
                  })}
                </Box>
              </Section>

              <Box
                sx={{
                  mt: 3,
                  p: 1.5,
                  borderRadius: '12px',
                  border: '1px solid',
                  borderColor: invalid.Terms_Agreed ? 'error.main' : 'divider',
                  bgcolor: invalid.Terms_Agreed ? 'rgba(220, 38, 38, 0.04)' : 'transparent',
                }}
              >
                <FormControlLabel
                  sx={{ m: 0, alignItems: 'flex-start' }}
                  control={
                    <Checkbox
                      name="Terms_Agreed"
                      checked={form.Terms_Agreed}
                      onChange={setFlag('Terms_Agreed')}
                      disabled={saving}
                      sx={{ mt: -0.75 }}
                      slotProps={{
                        input: {
                          'aria-invalid': !!invalid.Terms_Agreed,
                          'aria-describedby': invalid.Terms_Agreed ? 'mentor-terms-error' : undefined,
                        } as object,
                      }}
                    />
                  }
                  label={
                    <Typography variant="body2" sx={{ pt: 0.25 }}>
                      I agree to the{' '}
                      <Link
                        href="/terms-and-conditions"
                        target="_blank"
                        rel="noopener noreferrer"
                        sx={{ fontWeight: 600 }}
                      >
                        Terms and Conditions
                      </Link>
                      , including the mentor payout, self-billing and Gas Safe card photo terms.
                    </Typography>
                  }
                />
                {invalid.Terms_Agreed && (
                  <FormHelperText id="mentor-terms-error" error sx={{ mx: 0 }}>
                    {invalid.Terms_Agreed}
                  </FormHelperText>
                )}
              </Box>
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
          <Button color="inherit" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || loading}>
            {saving ? 'Saving...' : 'Save Profile'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
