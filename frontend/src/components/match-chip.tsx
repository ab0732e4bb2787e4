import Chip, { type ChipProps } from '@mui/material/Chip';

/** Whether a student is matched with a mentor: green 'Matched' or outlined amber 'Pending'. */
export function MatchChip({ matched, size = 'small' }: { matched: boolean; size?: ChipProps['size'] }) {
  return (
    <Chip
      size={size}
      label={matched ? 'Matched' : 'Pending'}
      color={matched ? 'success' : 'warning'}
      variant={matched ? 'filled' : 'outlined'}
      sx={{ fontWeight: 600 }}
    />
  );
}
