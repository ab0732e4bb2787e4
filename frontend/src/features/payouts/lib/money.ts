/** Whole pence as pounds: 123456 -> "£1,234.56", -4000 -> "−£40.00" (docs/rules.md#mentor-payouts: money is whole pence). */
export function formatPence(pence: number): string {
  const pounds = (Math.abs(pence) / 100).toLocaleString('en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${pence < 0 ? '−' : ''}£${pounds}`;
}

/** A period's last day: periods run from their first day's midnight to the next period's (docs/rules.md#payout-periods). */
export function periodLastDay(periodEnd: string): string {
  const d = new Date(`${periodEnd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
