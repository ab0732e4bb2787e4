import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useFieldArray } from 'react-hook-form';
import { criteriaTemplateRequest, type CriterionView } from '@panda/contracts/criteria';
import { APPLIANCE_KINDS, APPLIANCE_LABELS } from '@panda/contracts/evidence';
import { JOB_TYPES } from '@panda/contracts/job-types';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useGetCentreCriteriaQuery, useSaveCentreCriteriaMutation } from '../../../lib/criteria-api';
import { formatDateTime } from '../../../lib/dates';
import { jobTypeName } from '../../../lib/job-types';
import { toast } from '../../../lib/toast';

const NEW_CRITERION: CriterionView = { code: '', title: '', job_types: [], appliance_kinds: [], required: 1 };

function Editor({ criteria, onClose }: { criteria: CriterionView[]; onClose: () => void }) {
  const form = useContractForm(criteriaTemplateRequest, { group: 'criteria-template', defaultValues: { criteria } });
  const rows = useFieldArray({ control: form.control, name: 'criteria' });
  const [save] = useSaveCentreCriteriaMutation();
  const history = useGetCentreCriteriaQuery().data?.history ?? [];
  // Full screen on a phone, as the app's other long form dialogs (docs/rules.md#small-screens-and-keyboard).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const close = () => {
    form.clear();
    onClose();
  };
  const submit = form.submitWith(async (values) => {
    await save(values).unwrap();
    toast.success('Criteria saved');
    onClose();
  }, 'Failed to save the criteria');
  const arrayError = form.formState.errors.criteria?.root?.message ?? form.formState.errors.criteria?.message;

  return (
    <FormDialog
      open
      onClose={close}
      title="Qualification criteria"
      form={form}
      onSubmit={submit}
      pending={form.pending}
      submitLabel="Save Criteria"
      pendingLabel="Saving..."
      maxWidth="md"
      fullScreen={phone}
    >
      <DialogContentText sx={{ mb: 2 }}>
        A card counts towards every criterion that lists its job type or its appliance. Changes apply to the cards
        already signed.
      </DialogContentText>
      <Stack spacing={2.5} component="ol" sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label="Criteria">
        {rows.fields.map((row, i) => (
          <Box component="li" key={row.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'flex-start' }}>
              <FormTextField name={`criteria.${i}.code`} label="Code" required sx={{ maxWidth: { sm: 130 } }} />
              <FormTextField name={`criteria.${i}.title`} label="Title" required />
              <FormTextField
                name={`criteria.${i}.required`}
                label="Cards required"
                type="number"
                required
                sx={{ maxWidth: { sm: 140 } }}
              />
              <IconButton
                aria-label={`Remove criterion ${i + 1}`}
                onClick={() => rows.remove(i)}
                sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
              >
                <DeleteOutlineRounded />
              </IconButton>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 1.5 }}>
              <FormTextField
                name={`criteria.${i}.job_types`}
                label="Job types"
                select
                slotProps={{
                  select: {
                    multiple: true,
                    renderValue: (v) => (v as string[]).map(jobTypeName).join(', '),
                  },
                }}
              >
                {JOB_TYPES.map((t) => (
                  <MenuItem key={t} value={t}>
                    {jobTypeName(t)}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField
                name={`criteria.${i}.appliance_kinds`}
                label="Appliances"
                select
                slotProps={{
                  select: {
                    multiple: true,
                    renderValue: (v) =>
                      (v as (typeof APPLIANCE_KINDS)[number][]).map((k) => APPLIANCE_LABELS[k]).join(', '),
                  },
                }}
              >
                {APPLIANCE_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {APPLIANCE_LABELS[k]}
                  </MenuItem>
                ))}
              </FormTextField>
            </Stack>
          </Box>
        ))}
      </Stack>
      {arrayError && (
        <Typography color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
          {arrayError}
        </Typography>
      )}
      <Button startIcon={<AddRounded />} onClick={() => rows.append({ ...NEW_CRITERION })} sx={{ mt: 2 }}>
        Add Criterion
      </Button>
      {history.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle2" component="h3">
            Changes
          </Typography>
          <Box component="ul" sx={{ pl: 2.5, my: 0.5 }} aria-label="Changes to the criteria">
            {history.map((h) => (
              <Typography component="li" variant="body2" color="text.secondary" key={h.changed_at}>
                {formatDateTime(h.changed_at)} by {h.changed_by.name}: {h.criteria.map((c) => c.code).join(', ')}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </FormDialog>
  );
}

/** The centre edits its template of qualification criteria (docs/rules.md#qualification-criteria). */
export function CriteriaTemplateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const query = useGetCentreCriteriaQuery(undefined, { skip: !open });
  if (!open || !query.data) return null;
  // Mounted afresh each time it opens, with the template in force as its values.
  return <Editor criteria={query.data.criteria} onClose={onClose} />;
}
