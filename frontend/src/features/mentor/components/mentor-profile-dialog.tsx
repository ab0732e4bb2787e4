import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { BUSINESS_TYPES_FORM, mentorProfileRequest, REFERRAL_SOURCES } from '@panda/contracts/accounts';
import { ContractForm } from '../../../components/form/contract-form';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { IconBadge } from '../../../components/icon-badge';
import { toast } from '../../../lib/toast';
import {
  useGetMentorProfileDetailsQuery,
  useUpdateMentorProfileMutation,
  type MentorProfileDetails,
} from '../api/mentor-api';
import { GasSafePhotoField, isGasSafePhoto, type PhotoValue } from './gas-safe-photo-field';

/** Both the dialog (closing) and its form (sending) read whether a save is on its way. */
const SAVE_KEY = 'mentor-profile';

const QUALIFICATIONS = [
  ['Qualified_Boilers', 'Boilers'],
  ['Qualified_Cookers', 'Cookers'],
  ['Qualified_Gas_Fires', 'Gas Fires'],
  ['Qualified_Gas_Meters', 'Gas Meters'],
  ['Qualified_LPG', 'LPG'],
  ['Qualified_Commercial', 'Commercial'],
] as const;

/** The form's values from the saved profile (empty while never saved). */
function formFrom(p: MentorProfileDetails | undefined) {
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
    Gas_Safe_Card_Photo: (isGasSafePhoto(p?.Gas_Safe_Card_Photo) ? p.Gas_Safe_Card_Photo : null) as PhotoValue,
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

/** A yes/no of the form as a switch (a qualification, VAT registered); `boxed` frames it as a tile. */
function FlagSwitch({ name, label, boxed }: { name: string; label: string; boxed?: boolean }) {
  const { field } = useController({ name });
  const on = !!field.value;
  return (
    <FormControlLabel
      control={
        <Switch
          name={field.name}
          checked={on}
          inputRef={field.ref}
          onChange={(_e, checked) => field.onChange(checked)}
          onBlur={field.onBlur}
        />
      }
      label={label}
      labelPlacement={boxed ? 'start' : 'end'}
      sx={
        boxed
          ? {
              m: 0,
              px: 1.5,
              py: 0.5,
              borderRadius: '10px',
              border: '1px solid',
              borderColor: on ? 'rgba(29, 78, 216, 0.3)' : 'divider',
              bgcolor: on ? 'rgba(29, 78, 216, 0.04)' : 'transparent',
              justifyContent: 'space-between',
            }
          : { ml: 0 }
      }
    />
  );
}

/** A native select's options after its empty choice (`prompt`). */
function selectOptions(prompt: string, options: readonly string[]) {
  return (
    <>
      <option value="">{prompt}</option>
      {options.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </>
  );
}

const NATIVE_SELECT = { select: { native: true }, inputLabel: { shrink: true } } as const;

export interface MentorProfileDialogProps {
  open: boolean;
  onClose: () => void;
}

/** 'Edit Your Mentor Profile' (spec sections 3, 5, 7; docs/rules.md#image-checks for the photo). */
export function MentorProfileDialog({ open, onClose }: MentorProfileDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [, { isLoading: saving }] = useUpdateMentorProfileMutation({ fixedCacheKey: SAVE_KEY });
  const close = () => {
    if (!saving) onClose();
  };
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
      {open && <MentorProfileLoader onClose={close} fullScreen={fullScreen} />}
    </Dialog>
  );
}

/** The saved profile, then the form filled from it (or empty when it failed to load). */
function MentorProfileLoader({ onClose, fullScreen }: { onClose: () => void; fullScreen: boolean }) {
  const details = useGetMentorProfileDetailsQuery();
  // Filled once per opening: a later refetch does not overwrite what is being typed.
  const [loaded, setLoaded] = useState<{ data: MentorProfileDetails | undefined } | null>(null);
  if (!loaded && !details.isFetching && (details.data || details.isError)) setLoaded({ data: details.data });
  return (
    <MentorProfileForm
      key={loaded ? 'loaded' : 'loading'}
      initial={loaded?.data}
      loading={!loaded}
      loadFailed={details.isError}
      onClose={onClose}
      fullScreen={fullScreen}
    />
  );
}

/**
 * The mentor profile form, checked by the contract's mentor profile schema as the server checks it
 * (docs/rules.md#forms-from-contracts).
 */
function MentorProfileForm({
  initial,
  loading,
  loadFailed,
  onClose,
  fullScreen,
}: {
  initial: MentorProfileDetails | undefined;
  loading: boolean;
  loadFailed: boolean;
  onClose: () => void;
  fullScreen: boolean;
}) {
  const form = useContractForm(mentorProfileRequest, { group: 'mentor-profile', defaultValues: formFrom(initial) });
  const [update, { isLoading: saving }] = useUpdateMentorProfileMutation({ fixedCacheKey: SAVE_KEY });
  const [photoBusy, setPhotoBusy] = useState(false);
  const termsRefused = !!form.formState.errors.Terms_Agreed;

  const close = () => {
    form.clear();
    onClose();
  };

  const submit = form.submitWith(async (profile) => {
    await update({ ...profile, Terms_Agreed: true, Terms_Agreed_At: new Date().toISOString() }).unwrap();
    toast.success('Profile updated successfully!');
    onClose();
  }, 'Failed to update profile');

  return (
    <ContractForm
      form={form}
      onSubmit={submit}
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
          Tell us about your business. A complete profile lets us match trainees with you. Fields marked * are required.
        </Typography>
        {loadFailed && (
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
                <FormTextField
                  name="Business_Name"
                  label="Business Name"
                  required
                  autoComplete="organization"
                  autoFocus={!fullScreen}
                />
                <FormTextField name="Business_Type" label="Business Type" required select slotProps={NATIVE_SELECT}>
                  {selectOptions('Select business type', BUSINESS_TYPES_FORM)}
                </FormTextField>
                <FormTextField name="Gas_Safe_Registration_Number" label="Gas Safe Registration Number" required />
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  <FlagSwitch name="VAT_Registered" label="VAT Registered" />
                </Box>
              </Box>
            </Section>

            <Section title="Contact Details">
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <FormTextField
                  name="Business_Email"
                  label="Business Email"
                  required
                  type="email"
                  autoComplete="email"
                />
                <FormTextField
                  name="Business_Phone_Number"
                  label="Business Phone Number"
                  required
                  type="tel"
                  autoComplete="tel"
                />
                <FormTextField
                  name="Business_Postcode"
                  label="Business Postcode"
                  required
                  autoComplete="postal-code"
                  slotProps={{ htmlInput: { style: { textTransform: 'uppercase' } } }}
                />
              </Box>
            </Section>

            <Section title="Qualifications" hint="The gas work you are qualified to supervise.">
              <Box
                sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}
              >
                {QUALIFICATIONS.map(([name, label]) => (
                  <FlagSwitch key={name} name={name} label={label} boxed />
                ))}
              </Box>
            </Section>

            <Section title="Gas Safe Card">
              <GasSafePhotoField
                value={form.watch('Gas_Safe_Card_Photo') as PhotoValue}
                onChange={(photo) => form.setValue('Gas_Safe_Card_Photo', photo, { shouldDirty: true })}
                onBusyChange={setPhotoBusy}
                disabled={saving}
              />
            </Section>

            <Section title="More About You">
              <Box sx={{ display: 'grid', gap: 2 }}>
                <FormTextField
                  name="Additional_Information"
                  label="Additional Information"
                  multiline
                  minRows={3}
                  placeholder="Experience, areas you cover, availability..."
                />
                <FormTextField
                  name="Referral_Source"
                  label="How did you hear about us?"
                  select
                  slotProps={NATIVE_SELECT}
                >
                  {selectOptions('Select an option', REFERRAL_SOURCES)}
                </FormTextField>
              </Box>
            </Section>

            <Box
              sx={{
                mt: 3,
                p: 1.5,
                borderRadius: '12px',
                border: '1px solid',
                borderColor: termsRefused ? 'error.main' : 'divider',
                bgcolor: termsRefused ? 'rgba(220, 38, 38, 0.04)' : 'transparent',
              }}
            >
              <FormCheckbox
                name="Terms_Agreed"
                sx={{ m: 0, alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.75 } }}
                messageSx={{ mx: 0 }}
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
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
        <Button color="inherit" onClick={close} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={saving || photoBusy || loading}>
          {saving ? 'Saving...' : 'Save Profile'}
        </Button>
      </DialogActions>
    </ContractForm>
  );
}
