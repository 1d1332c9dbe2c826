import { ArrowLeft } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { CsvImportScreen, type ImportColumn } from "~/components/admin/csv-import.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { applyCatalogUpload, previewCatalogUpload } from "~server/catalog-csv/admin-import.ts";
import type { CatalogReportView, ReportLine } from "~server/catalog-csv/report.ts";
import { csvTooLarge } from "~server/csv-import/uploads.ts";
import type { Route } from "./+types/products-import";
import { type CsvImportResult, csvImportAction } from "./csv-import-action.server.ts";

export function meta() {
  return [{ title: "Import products" }];
}

/**
 * Upload → preview (what will be created, updated, refused; nothing written) → import
 * (docs/migrating.md). The file waits on disk between the two steps (server/csv-import/uploads.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const db = context.database.db;
  return csvImportAction(request, {
    tooLarge: csvTooLarge("catalog:import"),
    preview: (file) => previewCatalogUpload(db, context.config, file),
    apply: (token) => applyCatalogUpload(db, context.config, token),
  });
}

const columns: ImportColumn<ReportLine>[] = [
  { title: "Handle", value: (line) => line.handle, className: "break-all" },
  { title: "Name", value: (line) => line.name },
];

function summary(report: CatalogReportView, future: boolean) {
  const { created, updated, refused } = report.counts;
  const format = report.format === "woocommerce" ? "WooCommerce" : "Shopify";
  return `${format} product CSV: ${created} ${future ? "to create" : "created"}, ${updated} ${
    future ? "to update" : "updated"
  }, ${refused} refused${future ? ". Nothing has been written yet." : "."}`;
}

export default function ProductsImport({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent")) : null;
  return (
    <>
      <PageHeader
        title="Import products"
        subtitle="A product CSV from Shopify or WooCommerce: products are matched by handle or SKU, created or updated."
      >
        <Link to="/admin/products" className={buttonClass({ variant: "outline" })}>
          <ArrowLeft aria-hidden />
          Back to products
        </Link>
      </PageHeader>
      <CsvImportScreen
        result={actionData as CsvImportResult<CatalogReportView> | undefined}
        busy={busy}
        path="/admin/products/import"
        inputId="catalog-file"
        noun={["product", "products"]}
        summary={summary}
        columns={columns}
        moreHint="run npm run catalog:import -- FILE --dry-run for the full report"
      />
    </>
  );
}
