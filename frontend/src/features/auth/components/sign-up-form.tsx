import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { errorMessage, fieldErrors, FIELDS_SUMMARY_MESSAGE } from '../../../lib/errors';
import { PASSWORD_LENGTH_MESSAGE, PASSWORD_MIN_LENGTH, PASSWORD_RULE } from '../../../lib/password-rules';
import { toast } from '../../../lib/toast';
import type { SignUpRequest, SignUpRole } from '@panda/contracts/accounts';
import { useSignUpMutation } from '../api/auth-api';
import { useCompleteAuth } from '../hooks/use-complete-auth';

/** Tag of this form's error toasts: a new submit clears the earlier ones. */
const FORM_TOASTS = 'sign-up';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface RoleOption {
  value: SignUpRole;
  label: string;
  description: string;
  icon: ReactNode;
}

const ROLE_OPTIONS: RoleOption[] = [
  {
    value: 'mentor',
    label: 'Mentor',
    description: 'Gas Safe registered business guiding trainees on real jobs',
    icon: <EngineeringOutlined />,
  },
  {
    value: 'training_centre',
    label: 'Training Centre',
    description: 'Register your students and follow their placements',
    icon: <ApartmentOutlined />,
  },
];

type Field = 'Role' | 'First_Name' | 'Last_Name' | 'Email' | 'Password' | 'Training_Centre_Name' | 'terms';

interface SignUpFormProps {
  initialRole?: SignUpRole | null;
}

export function SignUpForm({ initialRole = null }: SignUpFormProps) {
  const [role, setRole] = useState<SignUpRole | ''>(initialRole ?? '');
  const [values, setValues] = useState({
    First_Name: '',
    Last_Name: '',
    Email: '',
    Password: '',
    Training_Centre_Name: '',
  });
  const [terms, setTerms] = useState(false);
  /** Each field's message, shown under it (docs/rules.md#form-errors); one summary toast at most. */
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const [signUp, { isLoading }] = useSignUpMutation();
  const completeAuth = useCompleteAuth();
  const [done, setDone] = useState(false);

  const isCentre = role === 'training_centre';

  const setField = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setInvalid((s) => ({ ...s, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || done) return;
    const errors: Array<[Field, string]> = [];
    const v = {
      First_Name: values.First_Name.trim(),
      Last_Name: values.Last_Name.trim(),
      Email: values.Email.trim(),
      Password: values.Password,
      Training_Centre_Name: values.Training_Centre_Name.trim(),
    };
    if (!role) errors.push(['Role', 'Please select a role']);
    if (isCentre && !v.Training_Centre_Name) errors.push(['Training_Centre_Name', 'Training centre name is required']);
    if (!v.First_Name) errors.push(['First_Name', 'First name is required']);
    if (!v.Last_Name) errors.push(['Last_Name', 'Last name is required']);
    if (!v.Email) errors.push(['Email', 'Email is required']);
    else if (!EMAIL_PATTERN.test(v.Email)) errors.push(['Email', 'Please enter a valid email address']);
    if (!v.Password) errors.push(['Password', 'Password is required']);
    else if (v.Password.length < PASSWORD_MIN_LENGTH) errors.push(['Password', PASSWORD_LENGTH_MESSAGE]);
    if (!terms) errors.push(['terms', 'Please accept the Terms & Conditions']);
    toast.dismissErrors(FORM_TOASTS);
    setInvalid(Object.fromEntries(errors.map(([f, message]) => [f, message])));
    if (errors.length || !role) {
      toast.error(errors.length === 1 ? errors[0][1] : FIELDS_SUMMARY_MESSAGE, { group: FORM_TOASTS });
      return;
    }

    const body: SignUpRequest = {
      First_Name: v.First_Name,
      Last_Name: v.Last_Name,
      Email: v.Email,
      Password: v.Password,
      Role: role,
      ...(isCentre ? { Training_Centre_Name: v.Training_Centre_Name } : {}),
    };
    try {
      const response = await signUp(body).unwrap();
      toast.dismissErrors(FORM_TOASTS);
      if (completeAuth(response, 'Account created successfully!')) {
        setDone(true);
        setValues((s) => ({ ...s, Password: '' }));
      }
    } catch (err) {
      // The server's field messages go under their fields, with one summary toast.
      const byField = fieldErrors(err);
      const known = (Object.keys(byField) as Field[]).filter((f) => f in values || f === 'Role');
      if (known.length) {
        setInvalid(Object.fromEntries(known.map((f) => [f, byField[f]])));
        toast.error(known.length === 1 ? byField[known[0]] : FIELDS_SUMMARY_MESSAGE, { group: FORM_TOASTS });
      } else {
        toast.error(errorMessage(err, 'Failed to create account'), { group: FORM_TOASTS });
      }
    }
  };

  const busy = isLoading || done;

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Sign up">
      <Stack spacing={2.25}>
        <FormControl error={!!invalid.Role} component="fieldset">
          <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 1, fontSize: 14 }}>
            I am joining as
          </FormLabel>
          <RadioGroup
            name="Role"
            value={role}
            onChange={(e) => {
              setRole(e.target.value as SignUpRole);
              setInvalid((s) => ({ ...s, Role: undefined }));
            }}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}
          >
            {ROLE_OPTIONS.map((option) => {
              const selected = role === option.value;
              return (
                <FormControlLabel
                  key={option.value}
                  value={option.value}
                  disableTypography
                  control={
                    <Radio
                      size="small"
                      slotProps={{ input: { 'aria-label': option.label } }}
                      sx={{ position: 'absolute', top: 6, right: 6 }}
                    />
                  }
                  label={
                    <Box component="span" sx={{ pr: 3, display: 'block' }}>
                      <Box
                        component="span"
                        sx={{ color: selected ? 'primary.main' : 'text.secondary', display: 'flex', mb: 0.75 }}
                      >
                        {option.icon}
                      </Box>
                      <Typography component="span" sx={{ fontWeight: 700, display: 'block' }}>
                        {option.label}
                      </Typography>
                      <Typography
                        component="span"
                        variant="body2"
                        color="text.secondary"
                        sx={{ display: 'block', lineHeight: 1.4 }}
                      >
                        {option.description}
                      </Typography>
                    </Box>
                  }
                  sx={{
                    position: 'relative',
                    m: 0,
                    p: 1.75,
                    alignItems: 'flex-start',
                    border: '1.5px solid',
                    borderColor: selected ? 'primary.main' : invalid.Role ? 'error.main' : 'divider',
                    bgcolor: selected ? 'rgba(29, 78, 216, 0.05)' : 'background.paper',
                    borderRadius: 2.5,
                    '&:hover': { borderColor: selected ? 'primary.main' : 'primary.light' },
                  }}
                />
              );
            })}
          </RadioGroup>
          {invalid.Role && <FormHelperText>{invalid.Role}</FormHelperText>}
        </FormControl>

        {isCentre && (
          <TextField
            label="Training Centre Name"
            name="Training_Centre_Name"
            autoComplete="organization"
            slotProps={{ htmlInput: { required: true } }}
            value={values.Training_Centre_Name}
            error={!!invalid.Training_Centre_Name}
            helperText={invalid.Training_Centre_Name}
            onChange={setField('Training_Centre_Name')}
          />
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.25}>
          <TextField
            label="First Name"
            name="First_Name"
            autoComplete="given-name"
            slotProps={{ htmlInput: { required: true } }}
            value={values.First_Name}
            error={!!invalid.First_Name}
            helperText={invalid.First_Name}
            onChange={setField('First_Name')}
          />
          <TextField
            label="Last Name"
            name="Last_Name"
            autoComplete="family-name"
            slotProps={{ htmlInput: { required: true } }}
            value={values.Last_Name}
            error={!!invalid.Last_Name}
            helperText={invalid.Last_Name}
            onChange={setField('Last_Name')}
          />
        </Stack>
        <TextField
          label="Email"
          name="Email"
          type="email"
          autoComplete="email"
          slotProps={{ htmlInput: { required: true } }}
          value={values.Email}
          error={!!invalid.Email}
          helperText={invalid.Email}
          onChange={setField('Email')}
        />
        <PasswordField
          label="Password"
          name="Password"
          autoComplete="new-password"
          slotProps={{ htmlInput: { required: true } }}
          value={values.Password}
          error={!!invalid.Password}
          helperText={invalid.Password ?? PASSWORD_RULE}
          onChange={setField('Password')}
        />
        <FormControlLabel
          sx={{ alignItems: 'flex-start', mr: 0, '& .MuiCheckbox-root': { mt: -0.75 } }}
          disableTypography
          control={
            <Checkbox
              name="terms"
              checked={terms}
              onChange={(e) => {
                setTerms(e.target.checked);
                setInvalid((s) => ({ ...s, terms: undefined }));
              }}
              sx={invalid.terms ? { color: 'error.main' } : undefined}
            />
          }
          label={
            <Typography
              component="span"
              variant="body2"
              sx={{ color: invalid.terms ? 'error.main' : 'text.secondary' }}
            >
              I agree to the{' '}
              <Link component={RouterLink} to="/terms-and-conditions" target="_blank" rel="noopener" fontWeight={600}>
                Terms &amp; Conditions
              </Link>
            </Typography>
          }
        />
        {invalid.terms && (
          <FormHelperText error sx={{ mt: '-8px !important', mx: 1.75 }}>
            {invalid.terms}
          </FormHelperText>
        )}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? 'Creating account...' : 'Create Account'}
        </Button>
      </Stack>
    </Box>
  );
}
