import { ArrowLeft } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { CsvImportScreen, type ImportColumn } from "~/components/admin/csv-import.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { csvTooLarge } from "~server/csv-import/uploads.ts";
import { applyCustomersUpload, previewCustomersUpload } from "~server/customer-import/admin-import.ts";
import type { CustomerLine, CustomerReportView } from "~server/customer-import/report.ts";
import type { Route } from "./+types/customers-import";
import { type CsvImportResult, csvImportAction } from "./csv-import-action.server.ts";

export function meta() {
  return [{ title: "Import customers" }];
}

/**
 * Shopify's customer CSV: upload → preview (nothing written) → import once (docs/migrating.md).
 * Never sends an email; consent only where the file says yes (server/customer-import/).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const db = context.database.db;
  const settings = { dataDir: context.config.dataDir, secret: context.linkSecret };
  return csvImportAction(request, {
    tooLarge: csvTooLarge("customers:import"),
    preview: (file) => previewCustomersUpload(db, settings, file),
    apply: (token, fileName) => applyCustomersUpload(db, settings, token, fileName),
  });
}

const columns: ImportColumn<CustomerLine>[] = [
  { title: "Email", value: (line) => line.email, className: "break-all" },
  { title: "Name", value: (line) => line.name },
];

function summary(report: CustomerReportView, future: boolean) {
  const { created, updated, refused } = report.counts;
  const consents = `${report.consents} email marketing ${report.consents === 1 ? "consent" : "consents"}`;
  return future
    ? `Shopify customer CSV: ${created} to create, ${updated} to update, ${refused} refused, ${consents} to record. Nothing has been written yet.`
    : `Shopify customer CSV: ${created} created, ${updated} updated, ${refused} refused, ${consents} recorded.`;
}

export default function CustomersImport({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent")) : null;
  return (
    <>
      <PageHeader
        title="Import customers"
        subtitle="Shopify's customer CSV: customers are matched by email, created or updated. No email is sent."
      >
        <Link to="/admin/customers" className={buttonClass({ variant: "outline" })}>
          <ArrowLeft aria-hidden />
          Back to customers
        </Link>
      </PageHeader>
      <CsvImportScreen
        result={actionData as CsvImportResult<CustomerReportView> | undefined}
        busy={busy}
        path="/admin/customers/import"
        inputId="customers-file"
        noun={["customer", "customers"]}
        summary={summary}
        columns={columns}
        moreHint="run npm run customers:import -- FILE --dry-run for the full report"
      />
    </>
  );
}
