/**
 * The search figure of `npm run bench:catalog`: searchStorefront (server/search/search.ts) called
 * directly on the seeded database, one query at a time, so the latency is the database's answer
 * plus its mapping, without HTTP, rendering or other connections queueing in front of it.
 */

import type { Db } from "../server/db/client.ts";
import { searchStorefront } from "../server/search/search.ts";

/** A word every product has, a prefix being typed, two words, a rare word and one that matches nothing. */
export const SEARCH_BENCH_QUERIES = ["shilajit", "shil", "gold res", "summit reserve", "zzqx"];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

export async function benchSearchQueries(db: Db, uploadsDir: string, rounds = 50) {
  console.log("search query (direct)     found  p50 ms  p95 ms  max ms");
  for (const q of SEARCH_BENCH_QUERIES) {
    const first = await searchStorefront(db, uploadsDir, q);
    const latencies: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      await searchStorefront(db, uploadsDir, q);
      latencies.push(performance.now() - t);
    }
    latencies.sort((a, b) => a - b);
    const found = `${first.products.length}+${first.posts.length}`;
    console.log(
      `${JSON.stringify(q).padEnd(24)} ${found.padStart(6)}${percentile(latencies, 50).toFixed(1).padStart(8)}` +
        `${percentile(latencies, 95).toFixed(1).padStart(8)}${(latencies.at(-1) ?? 0).toFixed(1).padStart(8)}`,
    );
  }
  console.log("");
}
