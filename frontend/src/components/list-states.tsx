import type { ReactNode } from 'react';
import { LoadingScreen } from './loading-screen';
import { RetryAlert } from './retry-alert';

export interface ListStatesProps {
  /** The list's query (an infinite query's pages). */
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown };
  /** How many rows are loaded. */
  count: number;
  /** Said while the first page loads ('Loading disputes...'). */
  loading: string;
  /** Said when nothing could be loaded, with Retry ('Failed to load disputes'). */
  failed: string;
  /** Shown when the list has no rows (an EmptyState). */
  empty: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/**
 * A list's states before its rows: loading, a failure with Retry, or empty; then the rows. When a
 * later page fails, the rows already loaded stay, with the failure and Retry under them.
 */
export function ListStates({ query, count, loading, failed, empty, children }: ListStatesProps) {
  if (query.isLoading) return <LoadingScreen fullScreen={false} message={loading} />;
  const failure = query.isError && <RetryAlert onRetry={() => void query.refetch()}>{failed}</RetryAlert>;
  if (!count) return failure || empty;
  return (
    <>
      {children}
      {failure}
    </>
  );
}
