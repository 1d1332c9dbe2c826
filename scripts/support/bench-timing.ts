/** Timing and printing shared by the database benches (bench:orders, bench:customers). */

/** One warm-up call, then `runs` timed calls; the times come back sorted. */
export async function timeRuns<T>(call: () => Promise<T>, runs: number) {
  let result = await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    result = await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { times, result };
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function ms(value: number) {
  return `${value.toFixed(1)} ms`;
}

/** A Markdown table, as docs/performance.md shows it. */
export function printTable(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}
