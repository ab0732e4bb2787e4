import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { IconBadge } from '../../../components/icon-badge';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { RegisterStudentResponse } from '@panda/contracts/training';
import { ContractForm } from '../../../components/form/contract-form';
import {
  EMPTY_REGISTRATION,
  registrationSchema,
  RequirementCountFields,
  StudentDetailsFields,
} from '../../../components/form/student-registration-fields';
import { useContractForm } from '../../../components/form/use-contract-form';
import { toast } from '../../../lib/toast';
import { useGetVettingStatusQuery, useRegisterStudentMutation } from '../api/training-centre-api';
import { RegistrationSuccess } from './registration-success';
import { lazyDialog } from '../../../components/lazy-dialog';

const BulkRegisterDialog = lazyDialog(
  () => import('./bulk-register-dialog').then((m) => m.BulkRegisterDialog),
  (p) => p.open,
  'Loading the upload...',
);
import { REQUIREMENT_FIELDS } from './student-format';

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
        <IconBadge>{icon}</IconBadge>
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

/** The sum of the job requirement counts, as they are chosen. */
function RequirementsTotal() {
  const counts = useWatch({ name: REQUIREMENT_FIELDS.map((f) => f.key) }) as number[];
  return (
    <Typography variant="h6" component="p" color="primary" data-testid="requirements-total">
      {counts.reduce((sum, n) => sum + Number(n), 0)}
    </Typography>
  );
}

/** Register New Student (spec "Register New Student (training centre)"). */
export function RegisterStudentView() {
  const form = useContractForm(registrationSchema, { group: 'register-student', defaultValues: EMPTY_REGISTRATION });
  const [registered, setRegistered] = useState<RegisterStudentResponse | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const { data: vetting, isLoading: vettingLoading } = useGetVettingStatusQuery();
  const [register, { reset: resetMutation }] = useRegisterStudentMutation();

  const notVetted = vetting ? vetting.vetted === false : false;

  const submit = form.submitWith(async (values) => {
    if (notVetted) return;
    const result = await register(values).unwrap();
    toast.success('Student registered successfully!');
    setRegistered(result);
    // The temporary password lives only in this screen's state (docs/rules.md#passwords-never-shown), not in the api cache.
    resetMutation();
  }, 'Failed to register student');

  if (registered) {
    return (
      <RegistrationSuccess
        result={registered}
        onRegisterAnother={() => {
          setRegistered(null);
          form.clear();
        }}
      />
    );
  }

  const submitLabel = notVetted ? 'Vetting Required' : form.pending ? 'Registering...' : 'Register Student';

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
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            The student receives a temporary password by email and chooses their own when they first sign in.
          </Typography>
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            onClick={() => setBulkOpen(true)}
            disabled={notVetted || vettingLoading}
            sx={{ mb: 3 }}
          >
            Upload a CSV of Students
          </Button>

          <ContractForm form={form} onSubmit={submit} aria-labelledby="register-student-title">
            <Section icon={<PersonOutlineRounded />} title="Student Details" subtitle="Who you are registering">
              <StudentDetailsFields withDateOfBirth />
            </Section>

            <Divider sx={{ my: 3.5 }} />

            <Section
              icon={<AssignmentOutlined />}
              title="Job Requirements"
              subtitle="Jobs the student needs for their qualification (0 to 50 each)"
            >
              <RequirementCountFields idPrefix="register" />
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
                <RequirementsTotal />
              </Box>
            </Section>

            <Box sx={{ mt: 4, display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                type="submit"
                variant="contained"
                size="large"
                startIcon={notVetted ? <GppMaybeOutlined /> : <PersonAddAlt1Outlined />}
                disabled={notVetted || form.pending || vettingLoading}
                sx={{ width: { xs: '100%', sm: 'auto' } }}
              >
                {submitLabel}
              </Button>
            </Box>
          </ContractForm>
        </CardContent>
      </Card>
      <BulkRegisterDialog open={bulkOpen} onClose={() => setBulkOpen(false)} />
    </Stack>
  );
}
