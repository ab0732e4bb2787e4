import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, screen, within } from '../testing/test-utils';
import { DataTable, type Column } from './data-table';
import { LoadMore } from './load-more';

interface Row {
  id: string;
  name: string;
}
const COLUMNS: Column<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.name },
  { key: 'id', header: 'Id', cell: (r) => r.id, testId: 'row-id' },
];
const rows = (n: number, from = 1): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `r-${from + i}`, name: `Row ${from + i}` }));

/** A phone: MUI's useMediaQuery asks window.matchMedia, which jsdom lacks. */
function asPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}
afterEach(() => vi.unstubAllGlobals());

describe('DataTable', () => {
  it('shows a header per column and a row per item, with the row attributes', () => {
    renderWithProviders(
      <DataTable
        label="Things"
        columns={COLUMNS}
        rows={rows(2)}
        rowKey={(r) => r.id}
        rowAttributes={(r) => ({ 'data-thing-id': r.id })}
        empty="No things found"
      />,
    );
    const table = screen.getByRole('table', { name: 'Things' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Id']);
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => r.getAttribute('data-thing-id'))).toEqual(['r-1', 'r-2']);
    expect(screen.getAllByTestId('row-id').map((c) => c.textContent)).toEqual(['r-1', 'r-2']);
  });

  it('says the empty text across the table when no row matches', () => {
    renderWithProviders(
      <DataTable label="Things" columns={COLUMNS} rows={[]} rowKey={(r) => r.id} empty="No things found" />,
    );
    const cell = screen.getByRole('cell', { name: 'No things found' });
    expect(cell.getAttribute('colspan')).toBe('2');
  });

  it('walks keyset pages: Showing x of y, Next with the answer’s cursor, Previous back', async () => {
    const onNext = vi.fn();
    const onPrevious = vi.fn();
    const paging = {
      kind: 'pager',
      noun: ['thing', 'things'],
      total: 120,
      next: 'c-2',
      onNext,
      onPrevious,
      totalTestId: 'total',
    } as const;
    const { user, rerender } = renderWithProviders(
      <DataTable
        label="Things"
        columns={COLUMNS}
        rows={rows(50)}
        rowKey={(r) => r.id}
        empty="-"
        paging={{ ...paging, pageIndex: 0 }}
      />,
    );
    expect(screen.getByTestId('total').textContent).toBe('Showing 50 of 120 things');
    const pager = screen.getByRole('navigation', { name: 'Things pages' });
    expect(within(pager).getByText('1–50 of 120')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Go to previous page' })).toHaveProperty('disabled', true);
    await user.click(within(pager).getByRole('button', { name: 'Go to next page' }));
    expect(onNext).toHaveBeenCalledWith('c-2');

    rerender(
      <DataTable
        label="Things"
        columns={COLUMNS}
        rows={rows(50, 51)}
        rowKey={(r) => r.id}
        empty="-"
        paging={{ ...paging, pageIndex: 1 }}
      />,
    );
    expect(within(pager).getByText('51–100 of 120')).toBeTruthy();
    await user.click(within(pager).getByRole('button', { name: 'Go to previous page' }));
    expect(onPrevious).toHaveBeenCalledOnce();
  });

  it('hides the pager when one page holds every match', () => {
    const paging = {
      kind: 'pager',
      noun: ['thing', 'things'],
      total: 2,
      pageIndex: 0,
      next: null,
      onNext() {},
      onPrevious() {},
      totalTestId: 'total',
    } as const;
    renderWithProviders(
      <DataTable label="Things" columns={COLUMNS} rows={rows(2)} rowKey={(r) => r.id} empty="-" paging={paging} />,
    );
    expect(screen.getByTestId('total').textContent).toBe('2 things');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('grows with Load more while the server has a next page', async () => {
    const fetchNextPage = vi.fn();
    const { user } = renderWithProviders(
      <DataTable
        label="Things"
        columns={COLUMNS}
        rows={rows(50)}
        rowKey={(r) => r.id}
        empty="-"
        paging={{
          kind: 'load-more',
          noun: ['thing', 'things'],
          total: 70,
          pages: { hasNextPage: true, isFetchingNextPage: false, fetchNextPage },
        }}
      />,
    );
    expect(screen.getByTestId('list-total').textContent).toBe('Showing 50 of 70 things');
    await user.click(screen.getByRole('button', { name: 'Load more things' }));
    expect(fetchNextPage).toHaveBeenCalledOnce();
  });

  it('counts a list shown whole in plain words: "1 dispute", "3 disputes", "No disputes"', () => {
    const pages = { hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => undefined };
    const { rerender } = renderWithProviders(
      <LoadMore noun={['dispute', 'disputes']} shown={1} total={1} pages={pages} />,
    );
    expect(screen.getByTestId('list-total').textContent).toBe('1 dispute');
    rerender(<LoadMore noun={['dispute', 'disputes']} shown={3} total={3} pages={pages} />);
    expect(screen.getByTestId('list-total').textContent).toBe('3 disputes');
    rerender(<LoadMore noun={['dispute', 'disputes']} shown={0} total={0} pages={pages} />);
    expect(screen.getByTestId('list-total').textContent).toBe('No disputes');
    rerender(<LoadMore noun={['dispute', 'disputes']} shown={50} total={1234} pages={pages} />);
    expect(screen.getByTestId('list-total').textContent).toBe('Showing 50 of 1,234 disputes');
  });

  it('shows one card per row on a phone, and the empty text there too', () => {
    asPhone();
    const card = (r: Row) => <p>Card of {r.name}</p>;
    const props = { label: 'Things', columns: COLUMNS, rowKey: (r: Row) => r.id, empty: 'No things found', card };
    const { unmount } = renderWithProviders(
      <DataTable {...props} rows={rows(2)} rowAttributes={(r) => ({ 'data-thing-id': r.id })} />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem');
    expect(items.map((i) => [i.getAttribute('data-thing-id'), i.textContent])).toEqual([
      ['r-1', 'Card of Row 1'],
      ['r-2', 'Card of Row 2'],
    ]);
    unmount();
    renderWithProviders(<DataTable {...props} rows={[]} />);
    expect(screen.getByText('No things found')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
