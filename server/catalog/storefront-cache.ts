import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { storefrontVersion } from "../db/schema/index.ts";

/** A loaded value, and whether it may be kept (false when part of it failed to load). */
export type Loaded<T> = { value: T; complete: boolean };

type Cache = { version: number; entries: Map<string, Promise<Loaded<unknown>>> };

/** One cache per database handle (tests run several servers and databases in one process). */
const caches = new WeakMap<Db, Cache>();

/** At most this many keys per version (the values are small: a page's sections or a count). */
const MAX_ENTRIES = 100;

/**
 * The anonymous storefront's data that changes only when the shop's content does (the home
 * page's sections, the product count). Each request reads the one-row storefront_version, which
 * triggers bump in the transaction of every change (migration 0006), and reuses what was loaded
 * for that version: any instance and any writer invalidates every instance's cache at once.
 * Concurrent requests share one load; a load that failed in part is not kept.
 */
export async function cachedForStorefront<T>(
  db: Db,
  key: string,
  load: () => Promise<Loaded<T>>,
): Promise<T> {
  const version = await readStorefrontVersion(db);
  if (version === null) return (await load()).value;
  let cache = caches.get(db);
  if (!cache || cache.version !== version) {
    cache = { version, entries: new Map() };
    caches.set(db, cache);
  }
  const entries = cache.entries;
  let entry = entries.get(key) as Promise<Loaded<T>> | undefined;
  if (!entry) {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entry = load();
    entries.set(key, entry);
    const mine = entry;
    const forget = () => entries.get(key) === mine && entries.delete(key);
    entry.then((loaded) => loaded.complete || forget(), forget);
  }
  return (await entry).value;
}

/** null when it cannot be read: the caller then loads without the cache. */
export async function readStorefrontVersion(db: Db): Promise<number | null> {
  try {
    const [row] = await db
      .select({ version: storefrontVersion.version })
      .from(storefrontVersion)
      .where(eq(storefrontVersion.id, 1));
    return row?.version ?? null;
  } catch {
    return null;
  }
}
