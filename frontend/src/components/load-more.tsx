import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** What a list holds, lower case, one and many: ['dispute', 'disputes']. */
export type Noun = readonly [one: string, other: string];

interface LoadMoreProps {
  /** What the list holds ("Showing 50 of 1,234 notifications", "1 notification"). */
  noun: Noun;
  shown: number;
  total: number;
  /** The list's infinite query (RTK Query): whether there is a next page, whether it is coming, how to ask for it. */
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}

const count = (n: number) => n.toLocaleString('en-GB');

/**
 * The count line of a list (docs/rules.md#list-paging), the same on every list: "Showing 50 of 1,234 disputes"
 * while more are to come, "3 disputes" or "1 dispute" once all are shown, "No disputes" when none match.
 */
export function listCountText(shown: number, total: number, [one, other]: Noun): string {
  if (total === 0) return `No ${other}`;
  if (shown >= total) return `${count(total)} ${total === 1 ? one : other}`;
  return `Showing ${count(shown)} of ${count(total)} ${other}`;
}

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
        {listCountText(shown, total, noun)}
      </Typography>
      {pages.hasNextPage && (
        <Button
          variant="outlined"
          size="small"
          onClick={() => void pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
          aria-label={`Load more ${noun[1]}`}
        >
          Load more
        </Button>
      )}
    </Box>
  );
}
