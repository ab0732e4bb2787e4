import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import KeyRounded from '@mui/icons-material/KeyRounded';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { copyToClipboard } from '../../../lib/clipboard';
import { useDashboardNavigate } from '../../../lib/dashboard-nav';
import type { RegisterStudentResponse } from '@panda/contracts/training';
import { studentName } from './student-format';

interface RegistrationSuccessProps {
  result: RegisterStudentResponse;
  onRegisterAnother: () => void;
}

/**
 * The success screen after a registration. The temporary password is shown here ONCE (docs/rules.md#passwords-never-shown):
 * it lives only in this screen's state and is gone once the user leaves it.
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
          <Box sx={{ mt: 3.5, textAlign: 'left' }}>
            <Typography
              variant="subtitle2"
              component="h3"
              sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}
            >
              <KeyRounded fontSize="small" color="primary" />
              Temporary Password
            </Typography>
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                p: 1,
                pl: 2,
                borderRadius: 2.5,
                border: '1px dashed',
                borderColor: 'primary.light',
                bgcolor: 'rgba(29, 78, 216, 0.04)',
              }}
            >
              <Typography
                data-testid="temporary-password"
                sx={{
                  flexGrow: 1,
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                  fontSize: '1.1rem',
                  fontWeight: 600,
                  letterSpacing: '0.04em',
                  wordBreak: 'break-all',
                }}
              >
                {password}
              </Typography>
              <Button
                variant="contained"
                size="small"
                startIcon={<ContentCopyRounded />}
                onClick={() => void copyToClipboard(password)}
                aria-label="Copy temporary password"
              >
                Copy
              </Button>
            </Box>
            <Alert severity="info" sx={{ mt: 1.5 }}>
              This password is shown only once. It expires in 7 days and has also been emailed to the student, who will
              choose their own password at first sign-in.
            </Alert>
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
