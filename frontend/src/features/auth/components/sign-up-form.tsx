import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { SignUpRequest, SignUpRole } from '@panda/contracts/accounts';
import { ContractForm } from '../../../components/form/contract-form';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import type { signUpForm } from './sign-up-schema';
import { PASSWORD_RULE } from '../../../lib/password-rules';
import { useSignUpMutation } from '../api/auth-api';
import { useCompleteAuth } from '../hooks/use-complete-auth';

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

/** Loaded on the first check, so the sign-in page's first load carries no zod (docs/rules.md#light-first-screens). */
const loadSchema = () => import('./sign-up-schema').then((m) => m.signUpForm);

type SignUpSchema = typeof signUpForm;

interface SignUpFormProps {
  initialRole?: SignUpRole | null;
}

export function SignUpForm({ initialRole = null }: SignUpFormProps) {
  const form = useContractForm<SignUpSchema>(loadSchema, {
    group: 'sign-up',
    defaultValues: {
      Role: initialRole ?? ('' as SignUpRole),
      First_Name: '',
      Last_Name: '',
      Email: '',
      Password: '',
      Training_Centre_Name: '',
      terms: false as true,
    },
  });
  const [signUp] = useSignUpMutation();
  const completeAuth = useCompleteAuth();
  const [done, setDone] = useState(false);
  const role = useWatch({ control: form.control, name: 'Role' });
  const isCentre = role === 'training_centre';

  const submit = form.submitWith(async (v) => {
    if (done) return;
    const body: SignUpRequest = {
      First_Name: v.First_Name,
      Last_Name: v.Last_Name,
      Email: v.Email,
      Password: v.Password,
      Role: v.Role,
      ...(v.Role === 'training_centre' ? { Training_Centre_Name: v.Training_Centre_Name } : {}),
    };
    const response = await signUp(body).unwrap();
    if (completeAuth(response, 'Account created successfully!')) {
      setDone(true);
      form.setValue('Password', '');
    }
  }, 'Failed to create account');

  const busy = form.pending || done;
  const roleError = form.formState.errors.Role?.message;
  const termsError = form.formState.errors.terms?.message;

  return (
    <ContractForm form={form} onSubmit={submit} aria-label="Sign up">
      <Stack spacing={2.25}>
        <FormControl error={!!roleError} component="fieldset">
          <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 1, fontSize: 14 }}>
            I am joining as
          </FormLabel>
          <RadioGroup
            name="Role"
            value={role}
            onChange={(e) => form.setValue('Role', e.target.value as SignUpRole, { shouldValidate: !!roleError })}
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
                    borderColor: selected ? 'primary.main' : roleError ? 'error.main' : 'divider',
                    bgcolor: selected ? 'rgba(29, 78, 216, 0.05)' : 'background.paper',
                    borderRadius: 2.5,
                    '&:hover': { borderColor: selected ? 'primary.main' : 'primary.light' },
                  }}
                />
              );
            })}
          </RadioGroup>
          {roleError && <FormHelperText>{roleError}</FormHelperText>}
        </FormControl>

        {isCentre && (
          <FormTextField
            label="Training Centre Name"
            name="Training_Centre_Name"
            autoComplete="organization"
            slotProps={{ htmlInput: { required: true } }}
          />
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.25}>
          <FormTextField
            label="First Name"
            name="First_Name"
            autoComplete="given-name"
            slotProps={{ htmlInput: { required: true } }}
          />
          <FormTextField
            label="Last Name"
            name="Last_Name"
            autoComplete="family-name"
            slotProps={{ htmlInput: { required: true } }}
          />
        </Stack>
        <FormTextField
          label="Email"
          name="Email"
          type="email"
          autoComplete="email"
          slotProps={{ htmlInput: { required: true } }}
        />
        <FormTextField
          password
          label="Password"
          name="Password"
          autoComplete="new-password"
          slotProps={{ htmlInput: { required: true } }}
          helperText={PASSWORD_RULE}
        />
        <FormCheckbox
          name="terms"
          sx={{ alignItems: 'flex-start', mr: 0, '& .MuiCheckbox-root': { mt: -0.75 } }}
          disableTypography
          label={
            <Typography component="span" variant="body2" sx={{ color: termsError ? 'error.main' : 'text.secondary' }}>
              I agree to the{' '}
              <Link component={RouterLink} to="/terms-and-conditions" target="_blank" rel="noopener" fontWeight={600}>
                Terms &amp; Conditions
              </Link>
            </Typography>
          }
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? 'Creating account...' : 'Create Account'}
        </Button>
      </Stack>
    </ContractForm>
  );
}
