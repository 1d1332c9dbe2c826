import { ImportTally, type TallyView } from "../csv-import/report.ts";

/** One product line of the preview and the report: the row it starts on, its handle and name. */
export type ReportLine = { row: number; handle: string; name: string; reason?: string };

export type CatalogReportView = TallyView<ReportLine> & { format: CatalogReport["format"] };

/**
 * What a catalog import did or would do: products created, updated and refused (row and reason),
 * plus notes. In the style of the legacy import's report (server/migration/legacy/report.ts).
 */
export class CatalogReport extends ImportTally<ReportLine> {
  format: "shopify" | "woocommerce" | null = null;

  /** The report as plain data, for the admin page. */
  view(): CatalogReportView {
    return { format: this.format, ...this.tallyView() };
  }

  /** The report as text, for the console and the report file. */
  text(title: string): string {
    const lines = [title, ""];
    if (this.fileError) return `${[...lines, this.fileError].join("\n")}\n`;
    lines.push(`Format: ${this.format === "woocommerce" ? "WooCommerce" : "Shopify"} product CSV`);
    lines.push(...this.textLines((item) => `${item.handle || "(no handle)"}  ${item.name}`));
    return `${lines.join("\n")}\n`;
  }
}
