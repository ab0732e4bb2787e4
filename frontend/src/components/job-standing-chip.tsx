import Chip from '@mui/material/Chip';
import { JOB_STANDING_CHIP, type JobStanding } from '../lib/job-types';

/**
 * Where a job (or a student's jobs together) stands, in the same words and colour on every screen
 * (docs/rules.md#dispute-visibility): 'Disputed' while a counted sign-off awaits an admin's decision
 * (with how many when more than one), else 'Completed' or 'In Progress'.
 */
export function JobStandingChip({ standing, disputed }: { standing: JobStanding; disputed: number }) {
  const chip = JOB_STANDING_CHIP[standing];
  const label = standing === 'disputed' && disputed > 1 ? `${chip.label} (${disputed})` : chip.label;
  return (
    <Chip
      size="small"
      variant={chip.variant}
      color={chip.color}
      label={label}
      data-testid="job-standing"
      sx={{ height: 20, fontWeight: 600 }}
    />
  );
}
