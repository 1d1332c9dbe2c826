import { formatDate } from "~/lib/dates.ts";
import type { CommissionBalance } from "~core/pricing/commission.ts";
import { formatMoney } from "~core/pricing/money.ts";

/**
 * The commission views shared by the creator portal and the admin's ledger page: plain
 * server-rendered tables (they scroll sideways on a phone) and links that reload the document.
 */

export type LedgerRowView = {
  kind: "accrual" | "clawback" | "payout";
  amountCents: number;
  note: string;
  orderRef: string | null;
  payoutReference: string | null;
  state: "pending" | "payable" | "paid" | "payout";
  availableAt: Date | string;
  createdAt: Date | string;
};

const kindLabel = { accrual: "Commission", clawback: "Clawback", payout: "Payout" } as const;
const stateLabel = { pending: "Pending", payable: "Payable", paid: "Paid", payout: "—" } as const;

export function BalanceSummary({ balance }: { balance: CommissionBalance }) {
  const parts = [
    ["Pending", balance.pendingCents, "in the hold period"],
    ["Payable", balance.payableCents, "in the next payout"],
    ["Paid to date", balance.paidCents, "paid out"],
  ] as const;
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {parts.map(([label, cents, hint]) => (
        <div key={label} className="rounded-md border border-border p-3">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-xl font-semibold">{formatMoney(cents)}</dd>
          <dd className="text-xs text-muted-foreground">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LedgerTable({ rows }: { rows: LedgerRowView[] }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No ledger entries yet.</p>;
  return (
    <ScrollTable label="Ledger entries">
      <thead>
        <tr>
          <Th>Date</Th>
          <Th>Entry</Th>
          <Th>Details</Th>
          <Th className="text-right">Amount</Th>
          <Th>State</Th>
          <Th>Available</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static server-rendered page of rows without ids
          <tr key={index} className="border-t border-border">
            <Td>{formatDate(r.createdAt)}</Td>
            <Td>{kindLabel[r.kind]}</Td>
            <Td>
              {[r.note, r.orderRef, r.payoutReference && `ref ${r.payoutReference}`]
                .filter(Boolean)
                .join(" · ")}
            </Td>
            <Td className="text-right tabular-nums">{formatMoney(r.amountCents)}</Td>
            <Td>{stateLabel[r.state]}</Td>
            <Td>{r.kind === "payout" ? "—" : formatDate(r.availableAt)}</Td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** A table that scrolls sideways on a phone; focusable so a keyboard can scroll it too. */
export function ScrollTable({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <section className="overflow-x-auto" aria-label={label} tabIndex={0}>
      <table className="w-full min-w-[36rem] text-left text-sm">{children}</table>
    </section>
  );
}

export function Th({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <th className={`px-2 py-2 font-medium text-muted-foreground ${className}`}>{children}</th>;
}

export function Td({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <td className={`px-2 py-2 align-top ${className}`}>{children}</td>;
}

/** "Older entries" as a plain link carrying the page position (the other list's position kept). */
export function NextPageLink({ href, label }: { href: string | null; label: string }) {
  if (!href) return null;
  return (
    <a href={href} className="mt-2 inline-block text-sm text-primary underline">
      {label}
    </a>
  );
}
