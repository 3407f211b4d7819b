/** One measured line of a benchmark: a name and its figures, in the order they are printed. */
export interface Figure {
  name: string;
  values: Record<string, string | number>;
}

/** Prints figures as an aligned plain-text table (benchmarks print; they never assert on time). */
export function printFigures(title: string, figures: Figure[]): void {
  const columns = ['name', ...new Set(figures.flatMap((f) => Object.keys(f.values)))];
  const rows = figures.map((f) => [f.name, ...columns.slice(1).map((c) => formatValue(f.values[c]))]);
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(`\n${title}`);
  console.log(line(columns));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

function formatValue(value: string | number | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}
