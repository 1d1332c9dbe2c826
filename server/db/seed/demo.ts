import type { Db } from "../client.ts";

// TEMPORARY: replaced by the demo seed.
export async function seedDemoDataIfEmpty(_db: Db, _options: { uploadsDir: string }): Promise<boolean> {
  return false;
}
