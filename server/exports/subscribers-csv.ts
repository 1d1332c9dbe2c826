import { csvDate } from "../../core/text/csv.ts";
import type { Db } from "../db/client.ts";
import { nextKey, type TimeKey } from "../db/keyset.ts";
import { type SubscriberQuery, subscriberBatch, subscriberFilter } from "../marketing/admin-subscribers.ts";
import { type CsvExport, EXPORT_BATCH_SIZE } from "./csv-stream.ts";

export const SUBSCRIBER_CSV_HEADER = [
  "Email",
  "Status",
  "Source",
  "Consent text",
  "Consented at",
  "Confirmed at",
  "Unsubscribed at",
  "Created at",
] as const;

/** The marketing contacts matching the screen's filters, newest first (an erased address is blank). */
export function subscriberCsvExport(
  db: Db,
  query: Pick<SubscriberQuery, "q" | "status">,
  options: { batchSize?: number } = {},
): CsvExport<TimeKey> {
  const size = options.batchSize ?? EXPORT_BATCH_SIZE;
  const filter = subscriberFilter(query);
  return {
    header: SUBSCRIBER_CSV_HEADER,
    async readBatch(cursor) {
      const rows = await subscriberBatch(db, filter, cursor, size);
      return {
        rows: rows.map((r) => [
          r.email,
          r.status,
          r.source,
          r.consentText,
          csvDate(r.consentedAt),
          csvDate(r.confirmedAt),
          csvDate(r.unsubscribedAt),
          csvDate(r.createdAt),
        ]),
        next: nextKey(rows, size),
      };
    },
  };
}
