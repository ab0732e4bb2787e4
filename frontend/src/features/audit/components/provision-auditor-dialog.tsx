import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { provisionAuditorRequest, type AuditorProvisioned } from '@panda/contracts/audit';
import { AccountMade } from '../../../components/temporary-password';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { toast } from '../../../lib/toast';
import { useProvisionAuditorMutation } from '../api/audit-api';

const EMPTY = { first_name: '', last_name: '', email: '' };

/** docs/rules.md#auditors: an admin provisions an auditor; the one-time temporary password is shown once. */
export function ProvisionAuditorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useContractForm(provisionAuditorRequest, { group: 'provision-auditor', defaultValues: EMPTY });
  const [done, setDone] = useState<AuditorProvisioned | null>(null);
  const [provision] = useProvisionAuditorMutation();

  const close = () => {
    form.clear();
    setDone(null);
    onClose();
  };

  const submit = form.submitWith(async (values) => {
    setDone(await provision(values).unwrap());
    toast.success('Auditor provisioned');
  }, 'Failed to provision the auditor');

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={done ? 'Auditor provisioned' : 'Add an auditor'}
      form={form}
      onSubmit={submit}
      pending={form.pending}
      submitLabel="Add Auditor"
      pendingLabel="Adding..."
      replacement={
        done && (
          <AccountMade
            summary={
              <>
                {done.auditor.first_name} {done.auditor.last_name} ({done.auditor.email}) can sign in at this admin
                portal with read-only access to the Audit view.
              </>
            }
            password={done.temporary_password}
            intro="Temporary password (shown only once; give it to them in person or by a separate channel; they choose their own at first sign-in):"
            testId="auditor-temporary-password"
            whenShownBefore="This request was already answered once: the temporary password was shown then."
            onDone={close}
          />
        )
      }
    >
      <DialogContentText sx={{ mb: 2 }}>
        Auditors replay signatures and timelines, verify the log and download evidence packs. They can change nothing.
      </DialogContentText>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField name="first_name" label="First Name" required />
          <FormTextField name="last_name" label="Last Name" required />
        </Stack>
        <FormTextField name="email" label="Email" type="email" required />
      </Stack>
    </FormDialog>
  );
}
