import { gt } from "drizzle-orm";
import { csvDollars } from "../../core/text/csv.ts";
import { allCreatorBalances } from "../creators/ledger-read.ts";
import type { Db } from "../db/client.ts";
import { contentCreators } from "../db/schema/index.ts";
import { type CsvExport, EXPORT_BATCH_SIZE } from "./csv-stream.ts";

export const CREATOR_PAYABLE_CSV_HEADER = ["Creator", "Email", "Payable", "Pending", "Paid to date"] as const;

/**
 * What each creator could be paid now (decision 040), one row per creator by username, read in
 * keyset batches. A negative payable is a clawback carried into the next payout.
 */
export function creatorPayableCsvExport(
  db: Db,
  options: { batchSize?: number; now?: Date } = {},
): CsvExport<string> {
  const size = options.batchSize ?? EXPORT_BATCH_SIZE;
  const now = options.now ?? new Date();
  return {
    header: CREATOR_PAYABLE_CSV_HEADER,
    async readBatch(after) {
      const rows = await allCreatorBalances(
        db,
        now,
        after === null ? undefined : gt(contentCreators.username, after),
      ).limit(size);
      return {
        rows: rows.map((r) => [
          r.username,
          r.email ?? "",
          csvDollars(r.payableCents),
          csvDollars(r.pendingCents),
          csvDollars(r.paidCents),
        ]),
        next: rows.length === size ? rows.at(-1)!.username : null,
      };
    },
  };
}
