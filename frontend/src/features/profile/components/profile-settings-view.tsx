import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { copyToClipboard } from '../../../lib/clipboard';
import { formatDate } from '../../../lib/dates';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { roleLabel, selectUser, updateUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import {
  centreSettingsRequest,
  mentorSettingsRequest,
  studentSettingsRequest,
  type Profile,
  type ProfileSettingsRequest,
} from '@panda/contracts/accounts';
import { ContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm, type FormSchema } from '../../../components/form/use-contract-form';
import { useGetProfileQuery, useUpdateProfileMutation } from '../api/profile-api';
import {
  formFromProfile,
  profileFieldsFor,
  type ProfileFieldDef,
  type ProfileForm,
  type ProfileRole,
} from './profile-fields';
import { SecuritySettings } from './security-settings';
import { requirementName } from '../../../lib/job-types';

/** Tag of this form's error toasts: a new submit clears the earlier ones. */
const FORM_TOASTS = 'profile-settings';

/** Each role's settings schema: the one the server checks the role's PUT /api/profile with. */
const SETTINGS_SCHEMAS: Record<ProfileRole, FormSchema> = {
  student: studentSettingsRequest,
  mentor: mentorSettingsRequest,
  training_centre: centreSettingsRequest,
};

const REQUIREMENT_KEYS = ['Boiler_Installs', 'Boiler_Service', 'Pipework', 'Repair'] as const;
const REQUIREMENT_LABELS = REQUIREMENT_KEYS.map((k) => [k, requirementName(k)] as const);

function isProfileRole(role: unknown): role is ProfileRole {
  return role === 'student' || role === 'mentor' || role === 'training_centre';
}

/** A field the account may not change here: greyed, read only, with why or 'Read only' under it. */
function ReadOnlyField({ helperText = 'Read only', slotProps, ...props }: TextFieldProps) {
  return (
    <TextField
      {...props}
      helperText={helperText}
      slotProps={{
        ...slotProps,
        input: { readOnly: true, ...slotProps?.input },
        htmlInput: { 'aria-readonly': true, ...slotProps?.htmlInput },
      }}
      sx={{
        '& .MuiOutlinedInput-root': { bgcolor: '#f8fafc' },
        '& .MuiInputBase-input': { color: 'text.secondary' },
      }}
    />
  );
}

/** One profile field: editable ones are fields of the contract form, the others read only. */
function ProfileField({ def, value }: { def: ProfileFieldDef; value: string }) {
  const common = { label: def.label, name: def.name, id: `profile-${def.name}`, autoComplete: def.autoComplete };
  if (!def.editable) return <ReadOnlyField {...common} value={value} helperText={def.helper} />;
  if (def.type === 'select') {
    // A value set elsewhere (the mentor profile form offers more types) stays visible and selectable.
    const options = value && !def.options?.includes(value) ? [...(def.options ?? []), value] : [...(def.options ?? [])];
    return (
      <FormTextField {...common} select required>
        {options.map((o) => (
          <MenuItem key={o} value={o}>
            {o}
          </MenuItem>
        ))}
      </FormTextField>
    );
  }
  return (
    <FormTextField
      {...common}
      required

      type={def.type === 'tel' ? 'tel' : def.type === 'email' ? 'email' : 'text'}
      slotProps={def.type === 'tel' ? { htmlInput: { inputMode: 'tel' } } : undefined}
    />
  );
}

function ProfileSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading profile">
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 3 }}>
          <Skeleton variant="circular" width={64} height={64} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton width="40%" height={32} />
            <Skeleton width="25%" />
          </Box>
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** Profile Settings (spec "Profile Settings (all roles)"): Profile Information and Security Settings. */
/** `extra`: a role's own section under the profile (the student's mentor), given by the view registry. */
export function ProfileSettingsView({ extra }: { extra?: ReactNode } = {}) {
  const user = useAppSelector(selectUser);
  const role = isProfileRole(user?.role) ? user.role : null;
  const { data, isLoading, isError, isFetching, refetch } = useGetProfileQuery(undefined, { skip: !role });

  const failedToast = useRef(false);
  useEffect(() => {
    if (isError && !isFetching && !failedToast.current) {
      failedToast.current = true;
      toast.error('Failed to load profile data');
    }
    if (!isError) failedToast.current = false;
  }, [isError, isFetching]);

  if (!role || !user) return null;

  if (isLoading || (!data && isFetching)) return <ProfileSkeleton />;

  if (!data) {
    return (
      <Card sx={{ maxWidth: 560, mx: 'auto', textAlign: 'center' }}>
        <CardContent sx={{ p: { xs: 4, md: 5 } }} role="alert">
          <ErrorOutlineRounded sx={{ fontSize: 44, color: 'error.main', mb: 1 }} />
          <Typography variant="h6" component="h2">
            Failed to load profile data
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            Please check your connection and try again.
          </Typography>
          <Button variant="contained" onClick={() => void refetch()}>
            Retry
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <ProfileInformation role={role} data={data} />
      {/* A role's section is first rendered here, once the profile has loaded: if its code is not loaded yet it
          waits on its own, instead of hiding the whole view (and the cards beside it) behind the view's fallback. */}
      <Suspense fallback={null}>{extra}</Suspense>
      <SecuritySettings />
    </Stack>
  );
}

/**
 * The Profile Information card: the role's fields, checked by the role's settings schema of the
 * contract, as the server checks them (docs/rules.md#forms-from-contracts).
 */
function ProfileInformation({ role, data }: { role: ProfileRole; data: Profile }) {
  const dispatch = useAppDispatch();
  const [updateProfile] = useUpdateProfileMutation();
  const form = useContractForm<FormSchema>(SETTINGS_SCHEMAS[role], {
    group: FORM_TOASTS,
    defaultValues: formFromProfile(role, data),
  });

  // A (re)loaded profile becomes the loaded copy; the fields the user has edited keep their edits.
  const { reset } = form;
  useEffect(() => {
    reset(formFromProfile(role, data), { keepDirtyValues: true });
  }, [reset, role, data]);

  // The server says which fields this account may change (`editable_fields`); the role's list is the fallback.
  const serverEditable: readonly string[] = data.editable_fields;
  const independent = data.role === 'student' && data.training_centre === null;
  const accountType = data.role === 'student' ? (independent ? 'Independent' : 'Training Centre') : null;
  const fields = profileFieldsFor(role, independent).map((def) => ({
    ...def,
    editable: def.editable && serverEditable.includes(def.name),
  }));
  const values = form.watch() as ProfileForm;
  const dirty = form.formState.isDirty;
  const saving = form.pending;

  const discard = () => {
    form.reset();
    toast.dismissErrors(FORM_TOASTS);
  };

  // The whole form is sent; the server keeps what the role may change (spec section 6).
  const submit = form.submitWith(async (sent) => {
    if (!dirty) return;
    const result = await updateProfile(sent as ProfileSettingsRequest).unwrap();
    if (!result) throw new Error('empty answer');
    toast.success('Profile updated successfully!');
    form.reset(Object.fromEntries(Object.entries(form.getValues()).map(([k, v]) => [k, String(v ?? '').trim()])));
    if (result.user && typeof result.user === 'object') dispatch(updateUser(result.user));
  }, 'Failed to update profile');

  const displayName =
    role === 'training_centre'
      ? values.Name || data.Name || 'Training Centre'
      : [values.First_Name, values.Last_Name].filter(Boolean).join(' ') || 'Your profile';
  const id = data.id;
  const requirements =
    data.role === 'student' ? REQUIREMENT_LABELS.map(([key, label]) => [label, data[key] ?? null] as const) : [];
  const hasRequirements = requirements.some(([, v]) => v !== null);

  return (
    <Card component="section" aria-labelledby="profile-information-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
          <Avatar
            sx={{
              width: { xs: 52, sm: 60 },
              height: { xs: 52, sm: 60 },
              bgcolor: 'primary.main',
              fontSize: '1.5rem',
              fontWeight: 700,
              flexShrink: 0,
            }}
          >
            {(displayName.trim()[0] ?? '?').toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography
              id="profile-information-title"
              variant="h6"
              component="h2"
              sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
            >
              <ManageAccountsOutlined sx={{ color: 'primary.main', display: { xs: 'none', sm: 'inline-block' } }} />
              Profile Information
            </Typography>
            <Typography color="text.secondary" sx={{ wordBreak: 'break-word' }}>
              {displayName}
            </Typography>
          </Box>
          <Chip
            label={roleLabel(role)}
            color="primary"
            variant="outlined"
            size="small"
            sx={{ fontWeight: 600, flexShrink: 0 }}
          />
        </Box>

        <ContractForm form={form} onSubmit={submit} aria-labelledby="profile-information-title">
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {fields.map((def) => (
              <ProfileField key={def.name} def={def} value={values[def.name] ?? ''} />
            ))}
            {role === 'student' && (
              <ReadOnlyField
                label="Date of Birth"
                name="Date_Of_Birth"
                value={formatDate(data.role === 'student' ? data.Date_Of_Birth : null, 'Not provided')}
              />
            )}
            {id && (
              <ReadOnlyField
                label={role === 'student' ? 'Student ID' : 'Account ID'}
                name="id"
                value={id}
                slotProps={{
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <Tooltip title="Copy ID">
                          <IconButton
                            aria-label={role === 'student' ? 'Copy student ID' : 'Copy account ID'}
                            edge="end"
                            size="small"
                            onClick={() => void copyToClipboard(id)}
                          >
                            <ContentCopyRounded fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </InputAdornment>
                    ),
                  },
                  htmlInput: {
                    style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.85rem' },
                  },
                }}
              />
            )}
            {accountType && <ReadOnlyField label="Account Type" name="account_type" value={accountType} />}
          </Box>

          {role === 'student' && hasRequirements && (
            <Box sx={{ mt: 3 }}>
              <Typography variant="subtitle2" component="h3" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <AssignmentOutlined fontSize="small" color="action" />
                Job Requirements
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
                Read only here: set them under Training Jobs.
              </Typography>
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
                {requirements.map(([label, value]) => (
                  <Box
                    key={label}
                    sx={{
                      p: 1.75,
                      borderRadius: 2.5,
                      bgcolor: '#f8fafc',
                      border: '1px solid',
                      borderColor: 'divider',
                    }}
                    data-testid={`requirement-${label}`}
                  >
                    <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
                      {label}
                    </Typography>
                    <Typography variant="h6" component="p">
                      {value ?? 0}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
          )}

          <Divider sx={{ my: 3 }} />
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap', alignItems: 'center' }}>
            {dirty && (
              <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
                You have unsaved changes.
              </Typography>
            )}
            <Button color="inherit" onClick={discard} disabled={!dirty || saving}>
              Discard Changes
            </Button>
            <Button type="submit" variant="contained" disabled={!dirty || saving}>
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </Box>
        </ContractForm>
      </CardContent>
    </Card>
  );
}
