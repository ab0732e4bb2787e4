import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface Choice {
  value: string;
  label: string;
}

/** A labelled select of the admin tables' toolbar (a sort or a filter); '' is "All". */
export function ListSelect({
  id,
  label,
  value,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      id={id}
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      // "All" shows in the box (not the label) when no filter is chosen.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ width: { xs: '100%', sm: 160 } }}
    >
      {choices.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const ALL: Choice = { value: '', label: 'All' };

export const USER_SORTS: Choice[] = [
  { value: '-created', label: 'Newest first' },
  { value: 'created', label: 'Oldest first' },
  { value: 'name', label: 'Name (A–Z)' },
  { value: '-name', label: 'Name (Z–A)' },
  { value: 'email', label: 'Email (A–Z)' },
  { value: '-email', label: 'Email (Z–A)' },
];
export const PLACEMENT_SORTS: Choice[] = [
  { value: '-created', label: 'Newest first' },
  { value: 'created', label: 'Oldest first' },
  { value: 'student', label: 'Student (A–Z)' },
  { value: '-student', label: 'Student (Z–A)' },
  { value: 'mentor', label: 'Mentor (A–Z)' },
  { value: '-mentor', label: 'Mentor (Z–A)' },
];

/** The filters of each admin table: the query parameter, its label and its choices. */
export const FILTERS = {
  locked: {
    label: 'Account',
    choices: [ALL, { value: 'false', label: 'Active' }, { value: 'true', label: 'Locked' }],
  },
  placed: {
    label: 'Placement',
    choices: [ALL, { value: 'true', label: 'Placed' }, { value: 'false', label: 'Unplaced' }],
  },
  vetted: {
    label: 'Vetting',
    choices: [ALL, { value: 'true', label: 'Vetted' }, { value: 'false', label: 'Not vetted' }],
  },
  status: {
    label: 'Status',
    choices: [
      ALL,
      { value: 'pending', label: 'Pending' },
      { value: 'active', label: 'Active' },
      { value: 'completed', label: 'Completed' },
      { value: 'cancelled', label: 'Cancelled' },
    ],
  },
} satisfies Record<string, { label: string; choices: Choice[] }>;
export type FilterName = keyof typeof FILTERS;
