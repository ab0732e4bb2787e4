import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CaseloadRow } from '@panda/contracts/training';
import { Fragment, type ReactNode } from 'react';
import { DataTable, type Column, type PagerPaging } from '../../../components/data-table';
import type { Choice } from '../../../components/list-select';
import { formatDate } from '../../../lib/dates';
import { useDashboardNavigate } from '../../../lib/dashboard-nav';
import { InvitationChip, ResendInviteButton } from './invitation';
import { studentName } from './student-format';

/** The caseload's sorts (docs/rules.md#centre-caseload), as `GET /api/my-students?sort=` takes them. */
export const CASELOAD_SORTS: Choice[] = [
  { value: '-created', label: 'Newest first' },
  { value: 'name', label: 'Name (A–Z)' },
  { value: 'forecast', label: 'Forecast finish (soonest)' },
  { value: '-forecast', label: 'Forecast finish (latest)' },
  { value: '-last_signed_off', label: 'Last sign-off (newest)' },
  { value: 'last_signed_off', label: 'Last sign-off (oldest)' },
  { value: '-open_disputes', label: 'Open disputes (most)' },
  { value: 'cards_last_30_days', label: 'Cards in 30 days (fewest)' },
];

/** The at-risk filter: '' is every student. */
export const AT_RISK_CHOICES: Choice[] = [
  { value: '', label: 'All' },
  { value: 'true', label: 'At risk' },
  { value: 'false', label: 'Not at risk' },
];

const none = 'None yet';

function RiskChip({ row }: { row: CaseloadRow }) {
  return row.at_risk ? (
    <Chip size="small" color="error" label="At risk" />
  ) : (
    <Chip size="small" color="success" variant="outlined" label="On track" />
  );
}

function DetailsButton({ row }: { row: CaseloadRow }) {
  const go = useDashboardNavigate();
  return (
    <Button
      size="small"
      variant="outlined"
      endIcon={<ArrowForwardRounded />}
      onClick={() => go('student-detail', row.id)}
      aria-label={`View Details for ${studentName(row)}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      View Details
    </Button>
  );
}

const cardsText = (row: CaseloadRow) => `${row.cards_signed ?? 0} of ${row.cards_required ?? 0}`;

/** The table's columns as [name, value] pairs, for a phone. */
const facts = (row: CaseloadRow): [string, ReactNode][] => [
  ['Cards signed', cardsText(row)],
  ['Last sign-off', formatDate(row.last_signed_off_at, none)],
  ['Cards in 30 days', row.cards_last_30_days],
  ['Open disputes', row.open_disputes],
  ['Forecast finish', formatDate(row.forecast_finish, 'No forecast')],
];

/** A student on a phone: the same facts, stacked. */
function CaseloadCard({ row }: { row: CaseloadRow }) {
  return (
    <>
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {studentName(row)}
        </Typography>
        <RiskChip row={row} />
      </Stack>
      {/* One fact a line, its name beside its value, so none is split across lines (docs/rules.md#nothing-cut). */}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 1.5,
          rowGap: 0.25,
          m: 0,
          mt: 0.5,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, fontWeight: 600 },
        }}
      >
        {facts(row).map(([name, value]) => (
          <Fragment key={name}>
            <Typography variant="body2" component="dt">
              {name}
            </Typography>
            <Typography variant="body2" component="dd">
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mt: 1 }}>
        <InvitationChip invitation={row.invitation} />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
        <DetailsButton row={row} />
        <ResendInviteButton student={row} />
      </Stack>
    </>
  );
}

const COLUMNS: Column<CaseloadRow>[] = [
  {
    key: 'name',
    header: 'Student',
    cell: (row) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {studentName(row)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere', mb: 0.5 }}>
          {row.Email}
        </Typography>
        <InvitationChip invitation={row.invitation} />
      </>
    ),
    sx: { minWidth: 180 },
  },
  { key: 'cards', header: 'Cards signed', cell: cardsText, sx: { whiteSpace: 'nowrap' } },
  {
    key: 'last',
    header: 'Last sign-off',
    cell: (row) => formatDate(row.last_signed_off_at, none),
    sx: { whiteSpace: 'nowrap' },
  },
  { key: 'recent', header: 'Cards in 30 days', cell: (row) => row.cards_last_30_days, align: 'right' },
  { key: 'disputes', header: 'Open disputes', cell: (row) => row.open_disputes, align: 'right' },
  {
    key: 'forecast',
    header: 'Forecast finish',
    cell: (row) => formatDate(row.forecast_finish, 'No forecast'),
    sx: { whiteSpace: 'nowrap' },
    testId: 'caseload-forecast',
  },
  { key: 'risk', header: 'At risk', cell: (row) => <RiskChip row={row} /> },
  {
    key: 'actions',
    header: 'Actions',
    align: 'right',
    cell: (row) => (
      <Stack spacing={1} alignItems="flex-end">
        <DetailsButton row={row} />
        <ResendInviteButton student={row} />
      </Stack>
    ),
  },
];

/**
 * The centre's caseload as a table (docs/rules.md#centre-caseload): each student's cards, last sign-off,
 * cards in the last 30 days, open disputes, forecast finish, at-risk and invitation, one server page at a time.
 */
export function CaseloadTable({ rows, paging, empty }: { rows: CaseloadRow[]; paging: PagerPaging; empty: string }) {
  return (
    // Eight columns fit a laptop's page (1366 px) without scrolling sideways when the cells between the
    // first and the last keep 12 px on each side, not 16 (docs/rules.md#nothing-cut).
    <Box sx={{ '& .MuiTableCell-root:not(:first-of-type):not(:last-of-type)': { px: 1.5 } }}>
      <DataTable
        label="Caseload"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ 'data-student-id': row.id })}
        empty={empty}
        card={(row) => <CaseloadCard row={row} />}
        paging={paging}
      />
    </Box>
  );
}
