import { csvDate } from "../../core/text/csv.ts";
import type { Db } from "../db/client.ts";
import { nextKey, type TimeKey } from "../db/keyset.ts";
import { type CsvExport, EXPORT_BATCH_SIZE } from "../exports/csv-stream.ts";
import { type ActivityFilters, activityFilter, entryBatch } from "./query.ts";

export const ACTIVITY_CSV_HEADER = [
  "When",
  "Person",
  "Email",
  "Address",
  "Entity",
  "Entity ID",
  "Entity name",
  "Action",
  "Changes",
] as const;

/**
 * The filtered entries as CSV, newest first, read in keyset batches (streamCsv). Every cell goes
 * through csvCell, which neutralises formulas: a product named "=HYPERLINK(…)" stays text.
 */
export function activityCsvExport(
  db: Db,
  filters: ActivityFilters,
  options: { batchSize?: number } = {},
): CsvExport<TimeKey> {
  const size = options.batchSize ?? EXPORT_BATCH_SIZE;
  const filter = activityFilter(filters);
  return {
    header: ACTIVITY_CSV_HEADER,
    async readBatch(cursor) {
      const rows = await entryBatch(db, filter, cursor, size);
      return {
        rows: rows.map((r) => [
          csvDate(r.createdAt),
          r.actorName,
          r.actorEmail ?? "",
          r.ip ?? "",
          r.entityType,
          r.entityId,
          r.entityLabel ?? "",
          r.action,
          JSON.stringify(r.changes),
        ]),
        next: nextKey(rows, size),
      };
    },
  };
}
