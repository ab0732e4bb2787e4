import { type Choice } from '../../../components/list-select';

export { ListSelect, type Choice } from '../../../components/list-select';

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
