import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { LoadMore, listCountText, type Noun } from './load-more';
import { Pager } from './pager';

/** Attributes a row (or its phone card) carries for tests and links: `data-user-id` and the like. */
export type RowAttributes = Record<`data-${string}`, string>;

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  sx?: SxProps<Theme>;
  /** A test id on every cell of the column. */
  testId?: string;
}

/** Keyset pages walked with Previous / Next (docs/rules.md#list-paging). */
export interface PagerPaging {
  kind: 'pager';
  /** What the rows are ("Showing 50 of 123 students", "1 student"). */
  noun: Noun;
  total: number;
  pageIndex: number;
  next: string | null;
  onNext: (cursor: string | null) => void;
  onPrevious: () => void;
  /** The test id of the "Showing" line. */
  totalTestId?: string;
}

/** A list that grows with "Load more" (an RTK Query infinite query). */
export interface LoadMorePaging {
  kind: 'load-more';
  noun: Noun;
  total: number;
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}

export interface DataTableProps<T> {
  /** The table's accessible name (and the phone list's). */
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  rowAttributes?: (row: T) => RowAttributes;
  /** What shows when no row matches ("No users found"). */
  empty: string;
  size?: 'small' | 'medium';
  /** Rows tint under the pointer (tables whose rows hold actions). */
  hover?: boolean;
  /** Phones (below the theme's sm breakpoint): one stacked card per row instead of the table. */
  card?: (row: T) => ReactNode;
  paging?: PagerPaging | LoadMorePaging;
}

/**
 * The web app's table of a server-side list (docs/rules.md#list-paging): the rows of the page on show as a
 * table, or as stacked cards on a phone, the empty state, and the list's paging (the "Showing … of …"
 * line with Previous / Next, or "Load more"). Search, sort and filters are asked of the server by the
 * view that owns the query (`useServerList` in lib/paging.ts); the table shows what came back.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { paging } = props;
  return (
    <>
      {paging?.kind === 'pager' && (
        <Typography
          variant="body2"
          color="text.secondary"
          role="status"
          data-testid={paging.totalTestId}
          sx={{ px: 2, pt: 1.5 }}
        >
          {listCountText(props.rows.length, paging.total, paging.noun)}
        </Typography>
      )}
      <Rows {...props} />
      {paging?.kind === 'pager' && (
        <Pager
          label={`${props.label} pages`}
          total={paging.total}
          pageIndex={paging.pageIndex}
          next={paging.next}
          onNext={paging.onNext}
          onPrevious={paging.onPrevious}
        />
      )}
      {paging?.kind === 'load-more' && (
        <LoadMore noun={paging.noun} shown={props.rows.length} total={paging.total} pages={paging.pages} />
      )}
    </>
  );
}

function Rows<T>(props: DataTableProps<T>) {
  const { label, columns, rows, rowKey, rowAttributes, empty, size = 'medium', hover = true, card } = props;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  if (phone && card) {
    if (rows.length === 0) {
      return (
        <Typography align="center" color="text.secondary" sx={{ py: 6 }}>
          {empty}
        </Typography>
      );
    }
    return (
      <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 1.5 }}>
        {rows.map((row) => (
          <Box
            component="li"
            key={rowKey(row)}
            {...rowAttributes?.(row)}
            sx={{ p: 1.75, border: '1px solid', borderColor: 'divider', borderRadius: 2, minWidth: 0 }}
          >
            {card(row)}
          </Box>
        ))}
      </Stack>
    );
  }
  // A table without a phone layout scrolls sideways on a phone: a region the keyboard can reach and scroll.
  const scroll = card ? {} : { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrollable` };
  return (
    <TableContainer {...scroll}>
      <Table aria-label={label} size={size}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                {empty}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={rowKey(row)} hover={hover} {...rowAttributes?.(row)}>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align} sx={c.sx} data-testid={c.testId}>
                    {c.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
