import HistoryEdu from '@mui/icons-material/HistoryEdu';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { AccessLogDialog } from './access-log-dialog';
import { AuditView } from './audit-view';
import { AuditorsSection } from './auditors-section';
import { ProvisionAuditorDialog } from './provision-auditor-dialog';

/** The Audit tab of the admin dashboard: the Audit view plus the auditors (add, re-issue, revoke) and the access log. */
export function AdminAuditTab() {
  const [provisionOpen, setProvisionOpen] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  return (
    <>
      <AuditView
        actions={
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button variant="outlined" startIcon={<HistoryEdu />} onClick={() => setLogOpen(true)}>
                Audit access log
              </Button>
              <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => setProvisionOpen(true)}>
                Add auditor
              </Button>
            </Stack>
            <AuditorsSection />
          </>
        }
      />
      <ProvisionAuditorDialog open={provisionOpen} onClose={() => setProvisionOpen(false)} />
      <AccessLogDialog open={logOpen} onClose={() => setLogOpen(false)} />
    </>
  );
}
