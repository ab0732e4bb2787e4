import Chip from '@mui/material/Chip';
import type { InvoiceView } from '@panda/contracts/payouts';

const STATUS: Record<InvoiceView['status'], { label: string; color: 'primary' | 'warning' | 'success' }> = {
  issued: { label: 'Issued', color: 'primary' },
  disputed: { label: 'Disputed', color: 'warning' },
  paid: { label: 'Paid', color: 'success' },
};

/** An invoice's status: Issued, Disputed or Paid. */
export function InvoiceStatusChip({ status }: { status: InvoiceView['status'] }) {
  const s = STATUS[status];
  return <Chip size="small" label={s.label} color={s.color} variant="outlined" />;
}
