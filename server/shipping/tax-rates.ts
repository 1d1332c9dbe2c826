import { asc, eq } from "drizzle-orm";
import type { TaxRateInput } from "../../core/forms/shipping-forms.ts";
import type { StateTaxRate } from "../../core/pricing/sales-tax.ts";
import { recordChange } from "../audit/record.ts";
import type { Db, Tx } from "../db/client.ts";
import { salesTaxRates } from "../db/schema/index.ts";
import { NotFoundError } from "../errors.ts";

/** Every state with a sales tax rate, by state code. */
export function listTaxRates(db: Db | Tx): Promise<StateTaxRate[]> {
  return db
    .select({
      state: salesTaxRates.state,
      basisPoints: salesTaxRates.basisPoints,
      taxesShipping: salesTaxRates.taxesShipping,
    })
    .from(salesTaxRates)
    .orderBy(asc(salesTaxRates.state));
}

/** The rate of one state, or null where the shop collects no tax. */
export async function taxRateFor(db: Db | Tx, state: string): Promise<StateTaxRate | null> {
  const [rate] = await db.select().from(salesTaxRates).where(eq(salesTaxRates.state, state));
  return rate
    ? { state: rate.state, basisPoints: rate.basisPoints, taxesShipping: rate.taxesShipping }
    : null;
}

/** Sets a state's rate (adding or replacing it: one rate per state). */
export async function saveTaxRate(db: Db, input: TaxRateInput): Promise<void> {
  const values = { state: input.state, basisPoints: input.rate, taxesShipping: input.taxesShipping };
  await db.transaction(async (tx) => {
    const before = await taxRateFor(tx, input.state);
    await tx
      .insert(salesTaxRates)
      .values(values)
      .onConflictDoUpdate({ target: salesTaxRates.state, set: values });
    await recordTaxRate(tx, input.state, before ? "update" : "create", before, values);
  });
}

export async function deleteTaxRate(db: Db, state: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(salesTaxRates)
      .where(eq(salesTaxRates.state, state.slice(0, 4)))
      .returning({
        state: salesTaxRates.state,
        basisPoints: salesTaxRates.basisPoints,
        taxesShipping: salesTaxRates.taxesShipping,
      });
    if (!deleted)
      throw new NotFoundError({ title: "Rate not found", description: "It was deleted meanwhile." });
    await recordTaxRate(tx, deleted.state, "delete", deleted, null);
  });
}

/** A state's rate in the audit log: entity "tax-rate", id and label the state code. */
const recordTaxRate = (
  tx: Tx,
  state: string,
  action: "create" | "update" | "delete",
  before: StateTaxRate | null,
  after: StateTaxRate | null,
) => recordChange(tx, { entityType: "tax-rate", entityId: state, entityLabel: state, action, before, after });
