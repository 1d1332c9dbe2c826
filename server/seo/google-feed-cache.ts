import { readStorefrontVersion } from "../catalog/storefront-cache.ts";
import type { Db } from "../db/client.ts";
import { googleFeedStream } from "./google-feed.ts";

/**
 * The Google feed, kept per storefront_version (docs/feeds.md): the triggers that bump it on every
 * product, variant and option change (migrations 0013 and 0019) invalidate the copy on every
 * instance. A copy is kept only up to MAX_CACHED_BYTES (about 10,000 variants); a bigger catalog
 * is streamed from the database on each request, and the version's ETag still answers Google's
 * revalidations with a 304 without reading the catalog.
 */

export const MAX_CACHED_BYTES = 16 * 1024 * 1024;
/** Bumped when the feed's format changes, so a deploy never serves a tag of the old format. */
const FORMAT = 1;

type Copy = { version: number; chunks: Uint8Array[] };
/** One copy per database handle (tests run several servers and databases in one process). */
const copies = new WeakMap<Db, Copy>();

export type GoogleFeed = {
  /** The weak ETag of this catalog version; null when the version could not be read. */
  etag: string | null;
  open(): ReadableStream<Uint8Array>;
};

export async function googleFeed(
  db: Db,
  publicUrl: string,
  maxBytes = MAX_CACHED_BYTES,
): Promise<GoogleFeed> {
  const version = await readStorefrontVersion(db);
  if (version === null) return { etag: null, open: () => googleFeedStream(db, publicUrl) };
  const etag = `W/"feed-${FORMAT}-${version}"`;
  const copy = copies.get(db);
  if (copy?.version === version) return { etag, open: () => streamOf(copy.chunks) };
  return { etag, open: () => generate(db, publicUrl, version, maxBytes) };
}

function streamOf(chunks: Uint8Array[]) {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

/**
 * Streams a fresh feed and keeps a copy of what passed through, if it stayed small enough and the
 * catalog did not change while it was read (pages read before and after a change would mix).
 */
function generate(db: Db, publicUrl: string, version: number, maxBytes: number) {
  let chunks: Uint8Array[] | null = [];
  let bytes = 0;
  const keep = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      bytes += chunk.byteLength;
      if (bytes > maxBytes) chunks = null;
      chunks?.push(chunk);
    },
    async flush() {
      if (chunks && (await readStorefrontVersion(db)) === version) copies.set(db, { version, chunks });
    },
  });
  return googleFeedStream(db, publicUrl).pipeThrough(keep);
}
