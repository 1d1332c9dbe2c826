import { throwIfDatabaseUnreachable } from "../db/availability.ts";
import type { Logger } from "../logger.ts";

/**
 * Spec 8: "Load errors for lists are only logged". A storefront list that cannot be read is
 * logged and shown with its empty state, so the rest of the page (header, cart, text) still works.
 * A database that cannot be reached at all is not a list error: an empty shelf would tell
 * visitors the shop has no products, so the page is answered "We'll be right back" (503) instead.
 */
export async function listOrEmpty<T>(log: Logger, what: string, load: Promise<T>, empty: T): Promise<T> {
  try {
    return await load;
  } catch (error) {
    throwIfDatabaseUnreachable(error, `${what} could not be loaded`);
    log.error({ err: error }, `${what} could not be loaded`);
    return empty;
  }
}
