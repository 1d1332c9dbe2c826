import type { Db } from "../../db/client.ts";
import { type MediaStore, storeImageUpload } from "../../media/uploads.ts";
import { importedId, rememberImport } from "./ids.ts";
import type { ImportReport } from "./report.ts";

export type MediaMode = "copy" | "keep";

/** Turns an old image URL into the one the shop uses: a copy in our storage, or the old URL kept. */
export type MediaCopier = { url(db: Db, oldUrl: string | null): Promise<string | null> };

/** Files in the old shop's storage bucket (Supabase Storage's public object path). */
const OLD_STORAGE_PATH = "/storage/v1/object/public/";
const FETCH_TIMEOUT_MS = 20_000;

export function mediaCopier(options: {
  mode: MediaMode;
  store: MediaStore;
  dryRun: boolean;
  report: ImportReport;
  fetch?: typeof fetch;
}): MediaCopier {
  const { mode, store, dryRun, report } = options;
  const get = options.fetch ?? fetch;
  const failed = new Set<string>();
  return {
    async url(db, oldUrl) {
      if (!oldUrl || mode === "keep" || !isOldStorageUrl(oldUrl) || failed.has(oldUrl)) return oldUrl;
      const copied = await importedId(db, "media", oldUrl);
      if (copied) return copied;
      if (dryRun) return oldUrl;
      try {
        const response = await get(oldUrl, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const { url } = await storeImageUpload(store, new Uint8Array(await response.arrayBuffer()));
        await rememberImport(db, "media", oldUrl, url);
        report.table("media").imported++;
        return url;
      } catch (error) {
        failed.add(oldUrl);
        report.skip("media", oldUrl, `not copied, the old URL is kept (${(error as Error).message})`);
        return oldUrl;
      }
    },
  };
}

function isOldStorageUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === "https:" || parsed.protocol === "http:") &&
      parsed.pathname.includes(OLD_STORAGE_PATH)
    );
  } catch {
    return false;
  }
}
