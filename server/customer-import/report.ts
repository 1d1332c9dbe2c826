import { ImportTally, type TallyView } from "../csv-import/report.ts";

/** One customer line of the preview and the report: its row, email and name. */
export type CustomerLine = { row: number; email: string; name: string; reason?: string };

export type CustomerReportView = TallyView<CustomerLine> & { consents: number };

/** What a customers import did or would do (server/csv-import/report.ts), and the consents it brought. */
export class CustomerReport extends ImportTally<CustomerLine> {
  /** Marketing consents recorded (or, in the preview, that would be). */
  consents = 0;

  view(): CustomerReportView {
    return { consents: this.consents, ...this.tallyView() };
  }

  text(title: string): string {
    const lines = [title, ""];
    if (this.fileError) return `${[...lines, this.fileError].join("\n")}\n`;
    lines.push("Format: Shopify customer CSV", `email marketing consents: ${this.consents}`);
    lines.push(...this.textLines((item) => `${item.email || "(no email)"}  ${item.name}`));
    return `${lines.join("\n")}\n`;
  }
}
