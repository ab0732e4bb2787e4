import { availableParallelism, getPriority, loadavg } from 'node:os';

/** A Markdown table of `rows` (the first is the header), its columns padded to one width. */
export function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  return [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

/** How busy the machine is, printed beside a bench's figures (its ratios mean little on a busy one). */
export const machine = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} (1/5/15 min) on ${availableParallelism()} cores; this process at nice ${getPriority()}`;
