import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import { StatCard } from '../../../components/stat-card';
import { useGetInboxCountsQuery } from '../api/support-api';

/** Under the open count, how many tickets there are in all: "of 3 tickets" (never "0 in total", read as none open). */
const ticketsInAll = (total: number) =>
  total === 0 ? 'No tickets yet' : `of ${total.toLocaleString('en-GB')} ${total === 1 ? 'ticket' : 'tickets'}`;

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
      caption={counts.data ? ticketsInAll(counts.data.total) : undefined}
    />
  );
}
