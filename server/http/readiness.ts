import type { Context } from "hono";
import { type DatabaseAvailability, RETRY_AFTER_SECONDS } from "../db/availability.ts";

/**
 * GET /readyz: 200 when the database answers, 503 otherwise, within the probe's timeout (1 s).
 * While the database is known to be away the answer is immediate (the tracker's probe loop is
 * what notices it is back). /healthz stays 200 meanwhile: the process is fine, restarting it
 * would not bring the database back.
 */
export async function readiness(c: Context, availability: DatabaseAvailability) {
  c.header("Cache-Control", "no-store");
  if (availability.available && (await availability.probe())) return c.json({ status: "ok" });
  c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  return c.json({ status: "unavailable", database: "unreachable" }, 503);
}
