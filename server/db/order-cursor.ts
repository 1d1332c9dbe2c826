import { isUuid } from "./ids.ts";
import { isTimestampText } from "./timestamps.ts";

/**
 * The position of one order in the admin list (newest first): its creation time as PostgreSQL
 * writes it (microseconds and offset, so nothing is lost the way a JS Date would lose them) and its
 * id, which breaks ties. Links to the neighbouring pages carry one, so the next page is read from
 * that position on the index instead of skipping every row before it (OFFSET).
 */
export type OrderKey = { createdAt: string; id: string };

/** An opaque URL-safe token for a key. */
export function encodeOrderKey(key: OrderKey): string {
  return Buffer.from(`${key.createdAt}|${key.id}`).toString("base64url");
}

/** The key in a token from a URL, or null when it is not one of ours (then the page is read by number). */
export function decodeOrderKey(token: string | null | undefined): OrderKey | null {
  if (!token || token.length > 200) return null;
  const [createdAt, id, ...rest] = Buffer.from(token, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !createdAt || !id) return null;
  return isTimestampText(createdAt) && isUuid(id) ? { createdAt, id } : null;
}
