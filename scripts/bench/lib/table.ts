/** Plain aligned text tables for bench output: first column left-aligned, the rest right-aligned. */
export function formatTable(header: string[], rows: string[][], leftColumns = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < leftColumns ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function printTable(title: string, header: string[], rows: string[][], leftColumns = 1): void {
  console.log(`\n${title}\n${formatTable(header, rows, leftColumns)}`);
}

/** Fixed decimals with thousands separators, e.g. 12,345.6. */
export function num(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
