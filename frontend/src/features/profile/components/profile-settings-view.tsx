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
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { copyToClipboard } from '../../../lib/clipboard';
import { formatDate } from '../../../lib/dates';
import { useFormErrors } from '../../../lib/form-errors';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { roleLabel, selectUser, updateUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import type { Profile } from '@panda/contracts/accounts';
import { useGetProfileQuery, useUpdateProfileMutation } from '../api/profile-api';
import {
  formFromProfile,
  isDirty,
  profileFieldsFor,
  profilePayload,
  validateProfile,
  type ProfileFieldDef,
  type ProfileForm,
  type ProfileRole,
} from './profile-fields';
import { SecuritySettings } from './security-settings';
import { requirementName } from '../../../lib/job-types';

/** Tag of this form's error toasts: a new submit clears the earlier ones. */
const FORM_TOASTS = 'profile-settings';

const REQUIREMENT_KEYS = ['Boiler_Installs', 'Boiler_Service', 'Pipework', 'Repair'] as const;
const REQUIREMENT_LABELS = REQUIREMENT_KEYS.map((k) => [k, requirementName(k)] as const);

function isProfileRole(role: unknown): role is ProfileRole {
  return role === 'student' || role === 'mentor' || role === 'training_centre';
}

function FieldInput({
  def,
  value,
  message,
  onChange,
}: {
  def: ProfileFieldDef;
  value: string;
  /** The field's message, shown under it. */
  message?: string;
  onChange: (name: string, value: string) => void;
}) {
  const common = {
    label: def.label,
    name: def.name,
    id: `profile-${def.name}`,
    value,
    error: !!message,
    autoComplete: def.autoComplete,
  };
  if (!def.editable) {
    return (
      <TextField
        {...common}
        helperText={def.helper ?? 'Read only'}
        slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
        sx={{
          '& .MuiOutlinedInput-root': { bgcolor: '#f8fafc' },
          '& .MuiInputBase-input': { color: 'text.secondary' },
        }}
      />
    );
  }
  if (def.type === 'select') {
    // A value set elsewhere (the mentor profile form offers more types) stays visible and selectable.
    const options = value && !def.options?.includes(value) ? [...(def.options ?? []), value] : [...(def.options ?? [])];
    return (
      <TextField {...common} select required helperText={message} onChange={(e) => onChange(def.name, e.target.value)}>
        {options.map((o) => (
          <MenuItem key={o} value={o}>
            {o}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      {...common}
      required
      type={def.type === 'tel' ? 'tel' : def.type === 'email' ? 'email' : 'text'}
      helperText={message}
      onChange={(e) => onChange(def.name, e.target.value)}
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
  const dispatch = useAppDispatch();
  const role = isProfileRole(user?.role) ? user.role : null;
  const { data, isLoading, isError, isFetching, refetch } = useGetProfileQuery(undefined, { skip: !role });
  const [updateProfile, { isLoading: saving }] = useUpdateProfileMutation();

  const [loadedFrom, setLoadedFrom] = useState<Profile | undefined>(undefined);
  const [loaded, setLoaded] = useState<ProfileForm>({});
  const [form, setForm] = useState<ProfileForm>({});
  const messages = useFormErrors<string>(FORM_TOASTS);

  // A (re)loaded profile becomes the loaded copy; the user's unsaved edits are kept.
  if (role && data && data !== loadedFrom) {
    const next = formFromProfile(role, data);
    setLoadedFrom(data);
    setLoaded(next);
    setForm((current) => (loadedFrom && isDirty(role, current, loaded) ? current : next));
  }

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

  // The server says which fields this account may change (`editable_fields`); the role's list is the fallback.
  const serverEditable: readonly string[] = data.editable_fields;
  const independent = data.role === 'student' && data.training_centre === null;
  const accountType = data.role === 'student' ? (independent ? 'Independent' : 'Training Centre') : null;
  const fields = profileFieldsFor(role, independent).map((def) => ({
    ...def,
    editable: def.editable && serverEditable.includes(def.name),
  }));
  const dirty = isDirty(role, form, loaded);

  const change = (name: string, value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    messages.clear(name);
  };

  const discard = () => {
    setForm(loaded);
    messages.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !dirty || !messages.check(validateProfile(role, form))) return;
    try {
      const result = await updateProfile(profilePayload(role, form)).unwrap();
      if (!result) throw new Error('empty answer');
      messages.reset();
      toast.success('Profile updated successfully!');
      const trimmed = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()]));
      setForm(trimmed);
      setLoaded(trimmed);
      if (result.user && typeof result.user === 'object') dispatch(updateUser(result.user));
    } catch (err) {
      messages.fail(
        err,
        'Failed to update profile',
        fields.filter((f) => f.editable).map((f) => f.name),
      );
    }
  };

  const displayName =
    role === 'training_centre'
      ? form.Name || data.Name || 'Training Centre'
      : [form.First_Name, form.Last_Name].filter(Boolean).join(' ') || 'Your profile';
  const id = data.id;
  const requirements =
    data.role === 'student' ? REQUIREMENT_LABELS.map(([key, label]) => [label, data[key] ?? null] as const) : [];
  const hasRequirements = requirements.some(([, v]) => v !== null);

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
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

          <Box component="form" onSubmit={submit} noValidate aria-labelledby="profile-information-title">
            <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {fields.map((def) => (
                <FieldInput
                  key={def.name}
                  def={def}
                  value={form[def.name] ?? ''}
                  message={messages.errors[def.name]}
                  onChange={change}
                />
              ))}
              {role === 'student' && (
                <TextField
                  label="Date of Birth"
                  name="Date_Of_Birth"
                  value={formatDate(data.role === 'student' ? data.Date_Of_Birth : null, 'Not provided')}
                  helperText="Read only"
                  slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
                  sx={{
                    '& .MuiOutlinedInput-root': { bgcolor: '#f8fafc' },
                    '& .MuiInputBase-input': { color: 'text.secondary' },
                  }}
                />
              )}
              {id && (
                <TextField
                  label={role === 'student' ? 'Student ID' : 'Account ID'}
                  name="id"
                  value={id}
                  helperText="Read only"
                  slotProps={{
                    input: {
                      readOnly: true,
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
                      'aria-readonly': true,
                      style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.85rem' },
                    },
                  }}
                  sx={{
                    '& .MuiOutlinedInput-root': { bgcolor: '#f8fafc' },
                    '& .MuiInputBase-input': { color: 'text.secondary' },
                  }}
                />
              )}
              {accountType && (
                <TextField
                  label="Account Type"
                  name="account_type"
                  value={accountType}
                  helperText="Read only"
                  slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
                  sx={{
                    '& .MuiOutlinedInput-root': { bgcolor: '#f8fafc' },
                    '& .MuiInputBase-input': { color: 'text.secondary' },
                  }}
                />
              )}
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
          </Box>
        </CardContent>
      </Card>

      {extra}

      <SecuritySettings />
    </Stack>
  );
}
