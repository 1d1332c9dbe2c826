import { recordChange } from "../audit/record.ts";
import { CsvFileError, type CsvInput, readCsvRecords } from "../csv-import/csv-records.ts";
import type { Db } from "../db/client.ts";
import { CustomerReport } from "./report.ts";
import { customerDraft, isShopifyCustomerHeader } from "./shopify-customers.ts";
import { upsertCustomer } from "./upsert-customer.ts";

export type CustomerImportOptions = {
  /** false: the preview (nothing is written); true: each customer saved in its own transaction. */
  apply: boolean;
  /** The app secret: consent rows carry the address's keyed hash (server/marketing/address-hash.ts). */
  secret: string;
  /** How many lines of each kind the report keeps (the admin preview shows a page of them). */
  lineLimit?: number;
  /** The file's name, for the audit log. */
  fileName?: string;
};

/**
 * Reads a Shopify customer CSV as a stream and upserts its customers by email (docs/migrating.md).
 * The preview and the import are the same walk, one row in memory at a time (plus the emails
 * seen, to refuse a second row of one address). A refused row never stops the others.
 */
export async function importCustomersCsv(
  db: Db,
  input: CsvInput,
  options: CustomerImportOptions,
): Promise<CustomerReport> {
  const report = new CustomerReport(options.lineLimit);
  const seen = new Map<string, number>();
  try {
    let checkedHeader = false;
    for await (const record of readCsvRecords(input)) {
      if (!checkedHeader && !isShopifyCustomerHeader(Object.keys(record.cells))) {
        report.fileError =
          "This is not a Shopify customer CSV: the first row must name the columns (First Name, Last Name, Email…).";
        return report;
      }
      checkedHeader = true;
      const result = customerDraft(record);
      if (!result.ok) {
        report.add("refused", {
          row: result.row,
          email: result.email,
          name: result.name,
          reason: result.reason,
        });
        continue;
      }
      const { draft } = result;
      const line = { row: draft.row, email: draft.email, name: draft.name ?? "" };
      const first = seen.get(draft.email);
      if (first !== undefined) {
        report.add("refused", { ...line, reason: `The same email as row ${first}.` });
        continue;
      }
      seen.set(draft.email, draft.row);
      const outcome = await upsertCustomer(db, options.secret, draft, options.apply);
      if (outcome.kind === "refused") report.add("refused", { ...line, reason: outcome.reason });
      else {
        report.add(outcome.kind, line);
        if (outcome.consent) report.consents++;
        for (const note of outcome.notes) report.note(`row ${draft.row} (${draft.email}): ${note}`);
      }
    }
    if (!checkedHeader) report.fileError = "The file has no customer rows.";
  } catch (error) {
    if (!(error instanceof CsvFileError)) throw error;
    report.fileError = `${error.message}. Customers before it were ${options.apply ? "imported" : "checked"}.`;
  }
  if (options.apply) await recordImport(db, report, options.fileName);
  return report;
}

/** The import as a whole, beside each customer's own entry. */
function recordImport(db: Db, report: CustomerReport, fileName = "customers CSV") {
  return recordChange(db, {
    entityType: "customer-import",
    entityId: crypto.randomUUID(),
    entityLabel: fileName,
    action: "import",
    details: {
      ...report.counts,
      consents: report.consents,
      ...(report.fileError && { fileError: report.fileError }),
    },
  });
}
