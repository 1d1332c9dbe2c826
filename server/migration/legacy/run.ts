import { and, eq, notInArray, sql, TransactionRollbackError } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  batches,
  blogPosts,
  certificates,
  collections,
  contactMessages,
  contentCreators,
  coupons,
  legacyImportIds,
  marketingContacts,
  orders,
  partners,
  products,
  shopFacts,
  subscriptions,
  testimonials,
  user,
  validityCodes,
} from "../../db/schema/index.ts";
import { isDemoDatabase } from "../../seed/demo-marker.ts";
import { importAccounts } from "./accounts.ts";
import { importProducts, importProductViews } from "./catalog.ts";
import { importContent } from "./content.ts";
import type { ImportContext } from "./context.ts";
import { importCoupons, importCouponUsages, importCreators } from "./coupons.ts";
import { importCartItems, importOrders } from "./orders.ts";
import { ImportReport } from "./report.ts";

/** A refusal to start, told to the operator as one line (nothing was written). */
export class ImportRefused extends Error {}

export type ImportOptions = Omit<ImportContext, "db" | "report" | "now"> & {
  replaceDemo: boolean;
  now?: Date;
};

/**
 * Imports the old shop into this one (docs/migrating.md): accounts first (orders and carts join
 * them), creators before coupons, products before views, orders and carts. Each row is its own
 * transaction; a dry run does it all inside one transaction that is rolled back.
 */
export async function importLegacyShop(db: Db, options: ImportOptions & { report?: ImportReport }) {
  const report = options.report ?? new ImportReport();
  await checkTarget(db, options);
  const run = async (target: Db) => {
    if (options.replaceDemo) await removeDemoData(target);
    const ctx: ImportContext = { ...options, db: target, report, now: options.now ?? new Date() };
    await importAccounts(ctx);
    await importCreators(ctx);
    await importProducts(ctx);
    await importProductViews(ctx);
    await importCoupons(ctx);
    await importOrders(ctx);
    await importCouponUsages(ctx);
    await importCartItems(ctx);
    await importContent(ctx);
  };
  if (!options.dryRun) await run(db);
  else
    await db
      .transaction(async (tx) => {
        await run(tx as unknown as Db);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
  return report;
}

/** Only into a shop without sales of its own; a demo shop only when asked to replace it. */
async function checkTarget(db: Db, options: { replaceDemo: boolean }) {
  if (await isDemoDatabase(db)) {
    if (!options.replaceDemo)
      throw new ImportRefused(
        "This shop holds the demo data. Import into a fresh shop (a new DATA_DIR or database, or SEED=none), or add --replace-demo to delete the demo data first.",
      );
    return;
  }
  const imported = db
    .select({ id: legacyImportIds.newId })
    .from(legacyImportIds)
    .where(eq(legacyImportIds.source, "orders"));
  const [own] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentStatus, "paid"), notInArray(sql`${orders.id}::text`, imported)))
    .limit(1);
  if (own)
    throw new ImportRefused(
      "This shop already has orders of its own: the import goes into a shop without orders (a fresh one, or SEED=none).",
    );
}

/** Deletes the demo seed (its catalog, content, sample orders and customers; admins stay). */
async function removeDemoData(db: Db) {
  for (const table of [
    orders,
    subscriptions,
    products,
    coupons,
    contentCreators,
    blogPosts,
    testimonials,
    partners,
    certificates,
    validityCodes,
    batches,
    collections,
    contactMessages,
    marketingContacts,
  ])
    await db.delete(table);
  await db.delete(user).where(eq(user.role, "customer"));
  await db.delete(shopFacts).where(eq(shopFacts.key, "demo"));
}
