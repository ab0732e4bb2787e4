import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import { StatCard } from '../../../components/stat-card';
import { useGetInboxCountsQuery } from '../api/support-api';

/** Admin dashboard counter: tickets waiting for support (its own module, so the inbox tab loads only when shown). */
export function OpenTicketsStat() {
  const counts = useGetInboxCountsQuery();
  return (
    <StatCard
      label="Open Tickets"
      value={counts.data?.open ?? 0}
      loading={counts.isLoading}
      icon={<MarkEmailUnreadOutlined />}
      tone="warning"
      caption={counts.data ? `${counts.data.total} in total` : undefined}
    />
  );
}
