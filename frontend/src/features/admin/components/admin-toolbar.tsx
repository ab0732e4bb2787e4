import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Search from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ListView } from '../../../lib/paging';
import { FILTERS, ListSelect, PLACEMENT_SORTS, USER_SORTS, type FilterName } from './list-controls';

/** The filters each table offers (docs/rules.md#list-paging: locked, unvetted, unplaced; placement status). */
const TAB_FILTERS: Record<string, FilterName[]> = {
  students: ['locked', 'placed'],
  mentors: ['locked', 'vetted'],
  training_centres: ['locked', 'vetted'],
  placements: ['status'],
};

/** Above the admin lists: the search box (shared by the lists), the list's sort and filters, and Register. */
export function AdminToolbar({
  tab,
  hidden,
  search,
  onSearch,
  view,
  onView,
  onRegister,
}: {
  tab: string;
  hidden: boolean;
  search: string;
  onSearch: (value: string) => void;
  view: ListView;
  onView: (key: string, value: string) => void;
  onRegister: () => void;
}) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      useFlexGap
      spacing={2}
      sx={{ p: 2, alignItems: { md: 'center' }, flexWrap: { md: 'wrap' }, display: hidden ? 'none' : undefined }}
    >
      {/* The search keeps room for its whole placeholder; the toolbar wraps before it would cut it. */}
      <TextField
        placeholder="Search by name or email..."
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        size="small"
        sx={{ flex: { md: '1 1 280px' }, minWidth: { md: 280 }, maxWidth: { md: 480 } }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search by name or email', type: 'search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ minWidth: 0, flexShrink: { md: 0 } }}>
        <ListSelect
          id="admin-sort"
          label="Sort by"
          value={view.sort ?? '-created'}
          choices={tab === 'placements' ? PLACEMENT_SORTS : USER_SORTS}
          onChange={(v) => onView('sort', v)}
        />
        {(TAB_FILTERS[tab] ?? []).map((f) => (
          <ListSelect
            key={f}
            id={`admin-filter-${f}`}
            label={FILTERS[f].label}
            value={view[f] ?? ''}
            choices={FILTERS[f].choices}
            onChange={(v) => onView(f, v)}
          />
        ))}
      </Stack>
      {tab === 'students' && (
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1Outlined />}
          onClick={onRegister}
          sx={{ ml: { md: 'auto' }, whiteSpace: 'nowrap' }}
        >
          Register Independent Student
        </Button>
      )}
    </Stack>
  );
}
