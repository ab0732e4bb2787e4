import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { postcodeProblem } from '@panda/contracts/fields';
import { phoneProblem } from '@panda/contracts/uk-phone';
import { errorMessage, fieldErrors, FIELDS_SUMMARY_MESSAGE } from '../../../lib/errors';
import { focusFirstInvalid } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import type { RegisterStudentResponse, RequirementCounts, StudentRegistrationRequest } from '@panda/contracts/training';
import { useGetVettingStatusQuery, useRegisterStudentMutation } from '../api/training-centre-api';
import { RegistrationSuccess } from './registration-success';
import { REQUIREMENT_FIELDS } from './student-format';

/** Tag of this form's error toasts: a new submit clears the earlier ones. */
const FORM_TOASTS = 'register-student';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Registration selectors: 0 to 50 (spec section 9) with the spec's defaults. */
export const REQUIREMENT_MAX = 50;
export const REQUIREMENT_DEFAULTS: RequirementCounts = {
  Boiler_Installs: 10,
  Boiler_Service: 4,
  Pipework: 8,
  Repair: 5,
};
const COUNT_OPTIONS = Array.from({ length: REQUIREMENT_MAX + 1 }, (_, i) => i);

type TextFieldName = 'First_Name' | 'Last_Name' | 'Email' | 'Phone_Number' | 'Postcode' | 'Date_Of_Birth';
type Values = Record<TextFieldName, string> & RequirementCounts;

const EMPTY: Values = {
  First_Name: '',
  Last_Name: '',
  Email: '',
  Phone_Number: '',
  Postcode: '',
  Date_Of_Birth: '',
  ...REQUIREMENT_DEFAULTS,
};

/** Spec section 5 "Student registration": every problem, in order, each shown under its field (docs/rules.md#form-errors). */
export function validateRegistration(v: Values): Array<[TextFieldName, string]> {
  const errors: Array<[TextFieldName, string]> = [];
  if (!v.First_Name.trim()) errors.push(['First_Name', 'First name is required']);
  if (!v.Last_Name.trim()) errors.push(['Last_Name', 'Last name is required']);
  if (!v.Email.trim()) errors.push(['Email', 'Email is required']);
  else if (!EMAIL_PATTERN.test(v.Email.trim())) errors.push(['Email', 'Please enter a valid email address']);
  const phone = phoneProblem(v.Phone_Number.trim());
  if (!v.Phone_Number.trim()) errors.push(['Phone_Number', 'Phone number is required']);
  else if (phone) errors.push(['Phone_Number', phone]);
  const postcode = postcodeProblem(v.Postcode.trim());
  if (!v.Postcode.trim()) errors.push(['Postcode', 'Postcode is required']);
  else if (postcode) errors.push(['Postcode', postcode]);
  return errors;
}

/** The payload (spec section 3) with empty optional values dropped. */
export function registrationPayload(v: Values): StudentRegistrationRequest {
  const body: StudentRegistrationRequest = {
    First_Name: v.First_Name.trim(),
    Last_Name: v.Last_Name.trim(),
    Email: v.Email.trim(),
    Phone_Number: v.Phone_Number.trim(),
    Postcode: v.Postcode.trim().toUpperCase(),
  };
  if (v.Date_Of_Birth.trim()) body.Date_Of_Birth = v.Date_Of_Birth.trim();
  for (const { key } of REQUIREMENT_FIELDS) body[key] = v[key];
  return body;
}

function Section({
  icon,
  title,
  subtitle,
  children,
}: {
  icon: ReactNode;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Box component="fieldset" sx={{ border: 'none', p: 0, m: 0, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2.5 }}>
        <Box
          sx={{
            width: 38,
            height: 38,
            borderRadius: 2.5,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(29, 78, 216, 0.08)',
            color: 'primary.main',
          }}
        >
          {icon}
        </Box>
        <Box>
          <Typography component="legend" variant="subtitle1" sx={{ p: 0, lineHeight: 1.3 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        </Box>
      </Box>
      {children}
    </Box>
  );
}

/** Register New Student (spec "Register New Student (training centre)"). */
export function RegisterStudentView() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [invalid, setInvalid] = useState<Partial<Record<TextFieldName, string>>>({});
  const [registered, setRegistered] = useState<RegisterStudentResponse | null>(null);
  const { data: vetting, isLoading: vettingLoading } = useGetVettingStatusQuery();
  const [register, { isLoading, reset: resetMutation }] = useRegisterStudentMutation();

  const notVetted = vetting ? vetting.vetted === false : false;

  const setText = (field: TextFieldName) => (e: { target: { value: string } }) => {
    let value = e.target.value;
    // Phone number is a numeric input: digits, spaces and a leading +.
    if (field === 'Phone_Number') value = value.replace(/[^\d\s+]/g, '').replace(/(?!^)\+/g, '');
    setValues((v) => ({ ...v, [field]: value }));
    setInvalid((s) => ({ ...s, [field]: undefined }));
  };
  const setCount = (field: keyof RequirementCounts) => (e: { target: { value: string } }) => {
    const n = Math.max(0, Math.min(REQUIREMENT_MAX, Number(e.target.value) || 0));
    setValues((v) => ({ ...v, [field]: n }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || notVetted) return;
    const errors = validateRegistration(values);
    toast.dismissErrors(FORM_TOASTS);
    setInvalid(Object.fromEntries(errors));
    if (errors.length) {
      // One summary toast at most; each message is under its field.
      toast.error(errors.length === 1 ? errors[0][1] : FIELDS_SUMMARY_MESSAGE, { group: FORM_TOASTS });
      focusFirstInvalid();
      return;
    }
    try {
      const result = await register(registrationPayload(values)).unwrap();
      toast.dismissErrors(FORM_TOASTS);
      toast.success('Student registered successfully!');
      setRegistered(result);
      // The temporary password lives only in this screen's state (docs/rules.md#passwords-never-shown), not in the api cache.
      resetMutation();
    } catch (err) {
      const byField = fieldErrors(err);
      const known = (Object.keys(byField) as TextFieldName[]).filter((f) => f in EMPTY);
      if (known.length) {
        setInvalid(Object.fromEntries(known.map((f) => [f, byField[f]])));
        focusFirstInvalid();
      }
      toast.error(
        known.length > 1
          ? FIELDS_SUMMARY_MESSAGE
          : errorMessage(err, 'Failed to register student', { useErrorText: true }),
        { group: FORM_TOASTS },
      );
    }
  };

  if (registered) {
    return (
      <RegistrationSuccess
        result={registered}
        onRegisterAnother={() => {
          setRegistered(null);
          setValues(EMPTY);
          setInvalid({});
        }}
      />
    );
  }

  const total = REQUIREMENT_FIELDS.reduce((sum, { key }) => sum + values[key], 0);
  const submitLabel = notVetted ? 'Vetting Required' : isLoading ? 'Registering...' : 'Register Student';

  return (
    <Stack spacing={3} sx={{ maxWidth: 920 }}>
      {notVetted && (
        <Alert
          severity="warning"
          icon={<GppMaybeOutlined />}
          data-testid="vetting-banner"
          sx={{ alignItems: 'flex-start' }}
        >
          <AlertTitle sx={{ fontWeight: 700 }}>Vetting Required</AlertTitle>
          {vetting?.message || 'Your training centre must be vetted before it can register students.'}
        </Alert>
      )}

      <Card component="section" aria-labelledby="register-student-title">
        <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
          <Typography id="register-student-title" variant="h5" component="h2">
            Register New Student
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
            The student receives a temporary password by email and chooses their own when they first sign in.
          </Typography>

          <Box component="form" onSubmit={submit} noValidate aria-labelledby="register-student-title">
            <Section icon={<PersonOutlineRounded />} title="Student Details" subtitle="Who you are registering">
              <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <TextField
                  label="First Name"
                  name="First_Name"
                  required
                  autoComplete="off"
                  value={values.First_Name}
                  error={!!invalid.First_Name}
                  helperText={invalid.First_Name}
                  onChange={setText('First_Name')}
                />
                <TextField
                  label="Last Name"
                  name="Last_Name"
                  required
                  autoComplete="off"
                  value={values.Last_Name}
                  error={!!invalid.Last_Name}
                  helperText={invalid.Last_Name}
                  onChange={setText('Last_Name')}
                />
                <TextField
                  label="Email"
                  name="Email"
                  type="email"
                  required
                  autoComplete="off"
                  value={values.Email}
                  error={!!invalid.Email}
                  helperText={invalid.Email}
                  onChange={setText('Email')}
                />
                <TextField
                  label="Phone Number"
                  name="Phone_Number"
                  type="tel"
                  required
                  autoComplete="off"
                  value={values.Phone_Number}
                  error={!!invalid.Phone_Number}
                  helperText={invalid.Phone_Number}
                  onChange={setText('Phone_Number')}
                  slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9+ ]*', maxLength: 30 } }}
                />
                <TextField
                  label="Postcode"
                  name="Postcode"
                  required
                  autoComplete="off"
                  value={values.Postcode}
                  error={!!invalid.Postcode}
                  helperText={invalid.Postcode}
                  onChange={setText('Postcode')}
                  slotProps={{ htmlInput: { style: { textTransform: 'uppercase' } } }}
                />
                <TextField
                  label="Date of Birth (optional)"
                  name="Date_Of_Birth"
                  type="date"
                  value={values.Date_Of_Birth}
                  onChange={setText('Date_Of_Birth')}
                  slotProps={{
                    inputLabel: { shrink: true },
                    htmlInput: { max: new Date().toISOString().slice(0, 10) },
                  }}
                />
              </Box>
            </Section>

            <Divider sx={{ my: 3.5 }} />

            <Section
              icon={<AssignmentOutlined />}
              title="Job Requirements"
              subtitle="Jobs the student needs for their qualification (0 to 50 each)"
            >
              <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
                {REQUIREMENT_FIELDS.map(({ key, label }) => (
                  <TextField
                    key={key}
                    select
                    label={label}
                    name={key}
                    id={`register-${key}`}
                    value={String(values[key])}
                    onChange={setCount(key)}
                    slotProps={{ select: { native: true } }}
                  >
                    {COUNT_OPTIONS.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </TextField>
                ))}
              </Box>
              <Box
                sx={{
                  mt: 2.5,
                  px: 2,
                  py: 1.5,
                  borderRadius: 2.5,
                  bgcolor: 'rgba(29, 78, 216, 0.05)',
                  display: 'flex',
                  justifyContent: 'space-between',
                  alignItems: 'center',
                }}
                aria-live="polite"
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  Total jobs required
                </Typography>
                <Typography variant="h6" component="p" color="primary" data-testid="requirements-total">
                  {total}
                </Typography>
              </Box>
            </Section>

            <Box sx={{ mt: 4, display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                type="submit"
                variant="contained"
                size="large"
                startIcon={notVetted ? <GppMaybeOutlined /> : <PersonAddAlt1Outlined />}
                disabled={notVetted || isLoading || vettingLoading}
                sx={{ width: { xs: '100%', sm: 'auto' } }}
              >
                {submitLabel}
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
    </Stack>
  );
}
