import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { StudentRegisteredResponse as StudentRegistered } from '@panda/contracts/accounts';
import { AccountMade } from '../../../components/temporary-password';
import { FormDialog } from '../../../components/form/form-dialog';
import {
  EMPTY_REGISTRATION,
  registrationSchema,
  RequirementCountFields,
  StudentDetailsFields,
} from '../../../components/form/student-registration-fields';
import { useContractForm } from '../../../components/form/use-contract-form';
import { toast } from '../../../lib/toast';
import { useRegisterIndependentStudentMutation } from '../api/admin-api';

/** docs/rules.md#independent-students: an admin registers an independent student (no training centre). */
export function RegisterStudentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useContractForm(registrationSchema, {
    group: 'admin-register-student',
    defaultValues: EMPTY_REGISTRATION,
  });
  const [done, setDone] = useState<StudentRegistered | null>(null);
  const [register] = useRegisterIndependentStudentMutation();

  const reset = () => {
    form.clear();
    setDone(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = form.submitWith(async (values) => {
    const result = await register(values).unwrap();
    toast.success('Student registered successfully!');
    setDone(result);
  }, 'Failed to register student');

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={done ? 'Student registered' : 'Register Independent Student'}
      formLabel="Register independent student"
      form={form}
      onSubmit={submit}
      pending={form.pending}
      submitLabel="Register Student"
      pendingLabel="Registering..."
      replacement={
        done && (
          <AccountMade
            summary={
              <>
                {done.student.First_Name} {done.student.Last_Name} ({done.student.Email}) is registered as an
                independent student and has been e-mailed their sign-in details.
              </>
            }
            password={done.temporary_password}
            intro="Temporary password (shown only once; it expires in 7 days and they choose their own at first sign-in):"
            onDone={close}
            another={<Button onClick={reset}>Register Another Student</Button>}
          />
        )
      }
    >
      <DialogContentText sx={{ mb: 2 }}>
        For a student without a training centre. Their account type shows Independent; match them with a mentor from the
        Students tab.
      </DialogContentText>
      <Stack spacing={2}>
        <StudentDetailsFields />
        <Typography variant="subtitle2" component="h3">
          Job requirements
        </Typography>
        <RequirementCountFields idPrefix="admin-register" />
      </Stack>
    </FormDialog>
  );
}
