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

/**
 * At most this many feeds are read from the database at once in a process: a fetch a day is the
 * use, and each uncached one reads the whole catalog, so a crowd of requests for a big catalog
 * gets a 503 with Retry-After instead of that many catalog scans.
 */
export const MAX_CONCURRENT_BUILDS = 2;
let building = 0;

export type GoogleFeed = {
  /** The weak ETag of this catalog version; null when the version could not be read. */
  etag: string | null;
  /** The document; null when MAX_CONCURRENT_BUILDS are already being read (try again later). */
  open(): ReadableStream<Uint8Array> | null;
};

export async function googleFeed(
  db: Db,
  publicUrl: string,
  maxBytes = MAX_CACHED_BYTES,
): Promise<GoogleFeed> {
  const version = await readStorefrontVersion(db);
  const copy = copies.get(db);
  if (version !== null && copy?.version === version) {
    return { etag: etagOf(version), open: () => streamOf(copy.chunks) };
  }
  const etag = version === null ? null : etagOf(version);
  return {
    etag,
    open: () => (building < MAX_CONCURRENT_BUILDS ? build(db, publicUrl, version, maxBytes) : null),
  };
}

const etagOf = (version: number) => `W/"feed-${FORMAT}-${version}"`;

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
 * Counts as a build from here until it ends, fails or the client goes away.
 */
function build(db: Db, publicUrl: string, version: number | null, maxBytes: number) {
  building++;
  let released = false;
  const release = () => {
    if (!released) building--;
    released = true;
  };
  const source = googleFeedStream(db, publicUrl).getReader();
  let chunks: Uint8Array[] | null = version === null ? null : [];
  let bytes = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await source.read();
        if (done) {
          release();
          if (chunks && (await readStorefrontVersion(db)) === version) {
            copies.set(db, { version: version!, chunks });
          }
          controller.close();
          return;
        }
        bytes += value.byteLength;
        if (bytes > maxBytes) chunks = null;
        chunks?.push(value);
        controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    async cancel(reason) {
      release();
      await source.cancel(reason);
    },
  });
}
