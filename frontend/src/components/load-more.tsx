import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

interface LoadMoreProps {
  /** What the list holds, plural and lower case ("notifications"): "Showing 50 of 1,234 notifications". */
  noun: string;
  shown: number;
  total: number;
  /** The list's infinite query (RTK Query): whether there is a next page, whether it is coming, how to ask for it. */
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}

const count = (n: number) => n.toLocaleString('en-GB');

/**
 * The foot of a "Load more" list (docs/rules.md#list-paging): how many are shown of how many match, and a button
 * for the next page while there is one. The count is a polite live region, so a screen reader hears
 * the list grow.
 */
export function LoadMore({ noun, shown, total, pages }: LoadMoreProps) {
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, py: 1 }}
    >
      <Typography variant="body2" color="text.secondary" role="status" data-testid="list-total">
        Showing {count(Math.min(shown, total))} of {count(total)} {noun}
      </Typography>
      {pages.hasNextPage && (
        <Button
          variant="outlined"
          size="small"
          onClick={() => void pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
          aria-label={`Load more ${noun}`}
        >
          Load more
        </Button>
      )}
    </Box>
  );
}
