import type { Logger } from "../logger.ts";

/**
 * Spec 8: "Load errors for lists are only logged". A storefront list that cannot be read is
 * logged and shown with its empty state, so the rest of the page (header, cart, text) still works.
 */
export async function listOrEmpty<T>(log: Logger, what: string, load: Promise<T>, empty: T): Promise<T> {
  try {
    return await load;
  } catch (error) {
    log.error({ err: error }, `${what} could not be loaded`);
    return empty;
  }
}
