import { type CsvValue, csvRow } from "../../core/text/csv.ts";

/** Rows per database read: big enough to amortise a round trip, small enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 1000;

/** One keyset batch: its CSV rows and the position after its last row (null at the end). */
export type CsvBatch<Cursor> = { rows: CsvValue[][]; next: Cursor | null };

export type CsvExport<Cursor> = {
  header: readonly string[];
  /** Reads the batch after `cursor` (null: the first batch). */
  readBatch: (cursor: Cursor | null) => Promise<CsvBatch<Cursor>>;
};

/**
 * A CSV file as a pull stream: the header first, then one batch per pull, so the database is read
 * only as fast as the client downloads and at most one batch is held in memory. When the client
 * goes away (the stream is cancelled or the request aborted) no further batch is read.
 */
export function streamCsv<Cursor>(
  source: CsvExport<Cursor>,
  signal?: AbortSignal,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (signal?.aborted) return controller.error(signal.reason);
        if (!started) {
          started = true;
          // A byte-order mark tells Excel the file is UTF-8 (names with accents).
          return controller.enqueue(encoder.encode(`\uFEFF${csvRow(source.header)}`));
        }
        if (done) return controller.close();
        const batch = await source.readBatch(cursor);
        cursor = batch.next;
        done = batch.next === null;
        if (batch.rows.length > 0) controller.enqueue(encoder.encode(batch.rows.map(csvRow).join("")));
        if (done) controller.close();
      },
      cancel() {
        done = true;
      },
    },
    { highWaterMark: 0 },
  );
}

/** The download: attachment with a dated name, never cached (it holds customers' data). */
export function csvResponse(stream: ReadableStream<Uint8Array>, name: string, now = new Date()): Response {
  const date = now.toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${date}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
