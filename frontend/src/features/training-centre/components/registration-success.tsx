import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDashboardNavigate } from '../../../lib/dashboard-nav';
import type { RegisterStudentResponse } from '@panda/contracts/training';
import { studentName } from './student-format';
import { TemporaryPasswordBox } from './temporary-password-box';

interface RegistrationSuccessProps {
  result: RegisterStudentResponse;
  onRegisterAnother: () => void;
}

/**
 * The success screen after a registration. The temporary password is shown here ONCE (docs/rules.md#passwords-never-shown):
 * it lives only in this screen's state and is gone once the user leaves it (TemporaryPasswordBox).
 */
export function RegistrationSuccess({ result, onRegisterAnother }: RegistrationSuccessProps) {
  const go = useDashboardNavigate();
  const student = result.student;
  const password = result.temporary_password ?? null;

  return (
    <Card
      sx={{ maxWidth: 640, mx: 'auto' }}
      component="section"
      aria-labelledby="registration-success-title"
      data-testid="registration-success"
    >
      <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Box
          sx={{
            width: 72,
            height: 72,
            borderRadius: '50%',
            mx: 'auto',
            mb: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(22, 163, 74, 0.12)',
          }}
        >
          <CheckCircleRounded sx={{ fontSize: 44, color: 'success.main' }} />
        </Box>
        <Typography id="registration-success-title" variant="h5" component="h2">
          Student Registered!
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, wordBreak: 'break-word' }}>
          <Box component="strong" sx={{ color: 'text.primary' }}>
            {studentName(student)}
          </Box>{' '}
          ({student.Email}) can now sign in to Panda.
        </Typography>

        {password ? (
          <Box sx={{ mt: 3.5 }}>
            <TemporaryPasswordBox password={password} />
          </Box>
        ) : (
          <Alert severity="info" sx={{ mt: 3, textAlign: 'left' }}>
            The temporary password has been emailed to the student and expires in 7 days. They will choose their own
            password at first sign-in.
          </Alert>
        )}

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} justifyContent="center" sx={{ mt: 4 }}>
          <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={onRegisterAnother}>
            Register Another Student
          </Button>
          <Button variant="outlined" startIcon={<DashboardOutlined />} onClick={() => go('overview')}>
            Back to Dashboard
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
