import { useOpenDisputesCountQuery } from '../../../lib/signoff-api';

/** The admin's Disputes tab: its name and how many disputes await a decision (docs/rules.md#dispute-visibility). */
export function DisputesTabLabel() {
  const open = useOpenDisputesCountQuery();
  return <>{open.data === undefined ? 'Disputes' : `Disputes (${open.data.toLocaleString('en-GB')})`}</>;
}
