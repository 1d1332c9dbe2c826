import { and, count, eq, gt, gte, sum } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders, salesTaxRates, shippingZones } from "../db/schema/index.ts";
import { policyStatuses } from "../policies/read.ts";

export type SetupStep = {
  key: "tax" | "shipping" | "policies" | "payments" | "email";
  label: string;
  done: boolean;
  /** What is set, or what is missing and where to set it. */
  detail: string;
  /** The admin screen that sets it (null: an environment variable, see `docs`). */
  href: string | null;
};

/** What the process was started with, for the steps that are environment variables. */
export type SetupConfig = { paymentsLive: boolean; smtp: boolean };

/**
 * The dashboard's setup checklist: the five things a new shop must set before it sells for real.
 * A shop charges no sales tax until rates are entered, and nothing else would say so.
 */
export async function setupChecklist(db: Db, config: SetupConfig): Promise<SetupStep[]> {
  const [[taxed], [zones], policies] = await Promise.all([
    db.select({ n: count() }).from(salesTaxRates).where(gt(salesTaxRates.basisPoints, 0)),
    db.select({ n: count() }).from(shippingZones),
    policyStatuses(db),
  ]);
  const taxStates = taxed?.n ?? 0;
  const zoneCount = zones?.n ?? 0;
  const unwritten = policies.filter((p) => p.version === null || p.isTemplate).map((p) => p.title);
  return [
    {
      key: "tax",
      label: "Sales tax",
      done: taxStates > 0,
      detail:
        taxStates > 0
          ? `Collected in ${taxStates} state${taxStates === 1 ? "" : "s"}`
          : "No tax rates: orders are charged no sales tax",
      href: "/admin/shipping",
    },
    {
      key: "shipping",
      label: "Shipping",
      done: zoneCount > 0,
      detail: zoneCount > 0 ? `${zoneCount} shipping zone${zoneCount === 1 ? "" : "s"}` : "No shipping zones",
      href: "/admin/shipping",
    },
    {
      key: "policies",
      label: "Policies",
      done: unwritten.length === 0,
      detail:
        unwritten.length === 0 ? "All policies written" : `Still the starter text: ${unwritten.join(", ")}`,
      href: "/admin/policies",
    },
    {
      key: "payments",
      label: "Payments",
      done: config.paymentsLive,
      detail: config.paymentsLive
        ? "Stripe or PayPal keys are set"
        : "Sandbox only: set STRIPE_SECRET_KEY or the PAYPAL_* keys to take real payments",
      href: null,
    },
    {
      key: "email",
      label: "Email",
      done: config.smtp,
      detail: config.smtp
        ? "Delivered over SMTP"
        : "Only stored in the outbox: set SMTP_URL so customers receive their emails",
      href: config.smtp ? null : "/admin/emails",
    },
  ];
}

/** Sales tax on paid orders since `since` (the dashboard's "Tax collected, 30 days"). */
export async function taxCollectedSince(db: Db, since: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sum(orders.taxCents).mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.paymentStatus, "paid"), gte(orders.createdAt, since)));
  return row?.cents ?? 0;
}
