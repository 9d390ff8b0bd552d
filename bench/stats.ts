// Small helpers shared by bench sections: medians and a compact table.

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function ms(value: number): string {
  return value >= 10 ? `${value.toFixed(1)} ms` : value >= 1 ? `${value.toFixed(2)} ms` : `${(value * 1000).toFixed(0)} µs`;
}

/** Prints rows as aligned columns; the first row is the heading. */
export function table(rows: string[][]): void {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length))) ?? [];
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}
