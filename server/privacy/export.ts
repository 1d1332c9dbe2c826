import type { Db } from "../db/client.ts";
import { privacyParts } from "./registry.ts";
import type { PrivacySubject } from "./subject.ts";

/** Names the file's layout, so a reader (or a later version of the shop) knows what it holds. */
export const EXPORT_FORMAT = "peak-shilajit-personal-data/1";

/** Everything the shop holds about the subject, one key per part (right to know). */
export async function exportPersonalData(db: Db, subject: PrivacySubject, now = new Date()) {
  const data: Record<string, unknown> = { format: EXPORT_FORMAT, exportedAt: now.toISOString() };
  for (const part of privacyParts) {
    if (part.exportFor) data[part.name] = await part.exportFor(db, subject);
  }
  return data;
}

/** The download's file name: no email in it (it may end up in a shared downloads folder or a log). */
export function exportFileName(now = new Date()): string {
  return `my-data-${now.toISOString().slice(0, 10)}.json`;
}
