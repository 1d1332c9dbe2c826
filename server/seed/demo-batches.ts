import { createBatch, createValidityCode } from "../../tests/factories/index.ts";
import type { Db } from "../db/client.ts";
import { attachCodesToBatch } from "../validity/batch-codes.ts";
import { generateSerials } from "../validity/serials.ts";

/**
 * Two production batches for the authenticity check (docs/validity.md): dates, lab, a
 * certificate of analysis (the demo certificate images), a few per-unit serials each, and the
 * list codes SH1001–SH1008 attached (SH1009 and SH1010 stay on no batch). Serials are drawn from
 * the CSPRNG like real ones, never fixed in the code: the admin finds them on the batch page.
 */
export const demoBatches = [
  {
    batchNumber: "PS-2026-01",
    productName: "Pure Himalayan Shilajit Resin",
    producedOn: "2026-01-12",
    expiresOn: "2028-01-12",
    labName: "Alpine Analytical Labs",
    testedOn: "2026-01-20",
    certificate: "certificate-1.webp",
    codes: ["SH1001", "SH1002", "SH1003", "SH1004", "SH1005"],
  },
  {
    batchNumber: "PS-2026-02",
    productName: "Gold Grade Shilajit Resin",
    producedOn: "2026-03-02",
    expiresOn: "2028-03-02",
    labName: "Summit Quality Testing",
    testedOn: "2026-03-09",
    certificate: "certificate-2.webp",
    codes: ["SH1006", "SH1007", "SH1008"],
  },
] as const;

export const DEMO_CODES = Array.from({ length: 10 }, (_, i) => `SH${1001 + i}`);
export const DEMO_SERIALS_PER_BATCH = 5;

/** The list codes and the batches; `upload` gives the public URL of a copied demo file. */
export async function seedDemoAuthenticity(tx: Db, upload: (name: string) => string) {
  for (const code of DEMO_CODES) await createValidityCode(tx, { code, productName: "Default Product" });
  for (const { certificate, codes, ...fields } of demoBatches) {
    const batch = await createBatch(tx, { ...fields, coaUrl: upload(certificate) });
    await generateSerials(tx, batch.id, DEMO_SERIALS_PER_BATCH);
    await attachCodesToBatch(tx, batch.id, [...codes]);
  }
}
