import TablePagination from '@mui/material/TablePagination';
import { PAGE_SIZE } from '../lib/paging';

interface PagerProps {
  /** What the pages are of, for screen readers ("Students pages"). */
  label: string;
  total: number;
  pageIndex: number;
  next: string | null;
  onNext: (cursor: string | null) => void;
  onPrevious: () => void;
  pageSize?: number;
}

/** "51–100 of 123" with Previous / Next (keyset pages: no jumping to a page number). Hidden when one page holds everything. */
export function Pager({ label, total, pageIndex, next, onNext, onPrevious, pageSize = PAGE_SIZE }: PagerProps) {
  if (total <= pageSize && pageIndex === 0) return null;
  return (
    <TablePagination
      component="nav"
      aria-label={label}
      count={total}
      page={pageIndex}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[]}
      onPageChange={(_e, page) => (page > pageIndex ? onNext(next) : onPrevious())}
      slotProps={{ actions: { nextButton: { disabled: !next }, previousButton: { disabled: pageIndex === 0 } } }}
      // On phones the controls sit on the left, away from the Assistant's floating button (bottom right).
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        mb: 2,
        '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        '& .MuiTablePagination-toolbar': { pl: { xs: 0, sm: 2 } },
      }}
    />
  );
}
