import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentCreators, coupons, couponUsages } from "../../db/schema/index.ts";
import { type ImportContext, importTable, RowRefused } from "./context.ts";
import { importedId, newIdFor, rememberImport } from "./ids.ts";
import type { LegacyRow } from "./source.ts";
import { toBoolean, toDate, toHundredths, toInteger, toText } from "./values.ts";

/** A password hash that matches no password: the creator sets one through their link. */
const NO_PASSWORD_YET = "unset$imported";

/**
 * Content creators. Their old passwords were stored reversibly (the spec's known weakness): they
 * are never decoded or kept; each new creator gets a "set your password" link instead.
 */
export function importCreators(ctx: ImportContext) {
  return importTable(ctx, "public", "content_creators", async (db, row, oldId) => {
    const username = toText(row.username);
    if (!username) throw new RowRefused("no username");
    const rate = toHundredths(row.commission_rate ?? 0);
    if (rate === null || rate < 0 || rate > 10_000)
      throw new RowRefused(
        `commission_rate is not a percentage from 0 to 100: ${String(row.commission_rate)}`,
      );
    const existingId = await importedId(db, "content_creators", oldId);
    const id = existingId ?? newIdFor("content_creators", oldId);
    const [sameName] = await db
      .select({ id: contentCreators.id })
      .from(contentCreators)
      .where(eq(contentCreators.username, username));
    if (sameName && sameName.id !== id)
      throw new RowRefused(`a creator named ${username} already exists in this shop`);
    const fields = {
      username,
      fullName: toText(row.full_name),
      email: toText(row.email)?.toLowerCase() ?? null,
      commissionBasisPoints: rate,
      isActive: toBoolean(row.is_active, true),
    };
    if (existingId) {
      await db.update(contentCreators).set(fields).where(eq(contentCreators.id, id));
      return "updated";
    }
    await db
      .insert(contentCreators)
      .values({ id, ...fields, passwordHash: NO_PASSWORD_YET, createdAt: toDate(row.created_at) ?? ctx.now });
    await rememberImport(db, "content_creators", oldId, id);
    if (!ctx.dryRun) await ctx.sendCreatorLink(db, { id, ...fields });
    return "imported";
  });
}

/** Coupons with their window, minimum, usage limit and count, visibility, active flag and creator. */
export function importCoupons(ctx: ImportContext) {
  return importTable(ctx, "public", "coupons", (db, row, oldId) => importCoupon(ctx, db, row, oldId));
}

async function importCoupon(ctx: ImportContext, db: Db, row: LegacyRow, oldId: string) {
  const code = toText(row.code)?.toUpperCase();
  if (!code) throw new RowRefused("no code");
  const type = toText(row.discount_type);
  if (type !== "percentage" && type !== "fixed")
    throw new RowRefused(`unknown discount_type: ${String(row.discount_type)}`);
  const value = toHundredths(row.discount_value);
  if (value === null || value <= 0)
    throw new RowRefused(`discount_value is not a positive number: ${String(row.discount_value)}`);
  if (type === "percentage" && value > 10_000)
    throw new RowRefused(`a percentage above 100: ${String(row.discount_value)}`);
  const existingId = await importedId(db, "coupons", oldId);
  const id = existingId ?? newIdFor("coupons", oldId);
  const [sameCode] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code));
  if (sameCode && sameCode.id !== id) throw new RowRefused(`a coupon ${code} already exists in this shop`);
  const oldCreator = toText(row.content_creator_id);
  const creatorId = oldCreator ? await importedId(db, "content_creators", oldCreator) : null;
  if (oldCreator && !creatorId)
    ctx.report.note(`coupon ${code}: its creator ${oldCreator} was not imported, the coupon has none`);
  const limit = toInteger(row.usage_limit, 0);
  const minimum = toHundredths(row.minimum_order_amount);
  const fields = {
    code,
    discountType: type,
    discountValueHundredths: value,
    isActive: toBoolean(row.is_active, true),
    showOnFrontend: toBoolean(row.show_on_frontend, true),
    validFrom: toDate(row.valid_from) ?? toDate(row.created_at) ?? ctx.now,
    validUntil: toDate(row.valid_until),
    minimumOrderCents: minimum !== null && minimum > 0 ? minimum : null,
    usageLimit: limit >= 1 ? limit : null,
    usedCount: Math.max(0, toInteger(row.used_count, 0)),
    contentCreatorId: creatorId,
  } as const;
  if (existingId) {
    await db.update(coupons).set(fields).where(eq(coupons.id, id));
    return "updated";
  }
  await db.insert(coupons).values({ id, ...fields, createdAt: toDate(row.created_at) ?? ctx.now });
  await rememberImport(db, "coupons", oldId, id);
  return "imported";
}

/** Coupon uses, each tied to its imported coupon and order (a use without either is skipped). */
export function importCouponUsages(ctx: ImportContext) {
  return importTable(ctx, "public", "coupon_usages", async (db, row, oldId) => {
    const couponId = await importedId(db, "coupons", toText(row.coupon_id) ?? "");
    if (!couponId) throw new RowRefused("its coupon was not imported");
    const orderId = await importedId(db, "orders", toText(row.order_id) ?? "");
    if (!orderId) throw new RowRefused("its order was not imported");
    const fields = {
      couponId,
      orderId,
      userEmail: toText(row.user_email)?.toLowerCase() ?? "",
      discountCents: Math.max(0, toHundredths(row.discount_amount) ?? 0),
      usedAt: toDate(row.used_at) ?? ctx.now,
    };
    const existingId = await importedId(db, "coupon_usages", oldId);
    if (existingId) {
      await db.update(couponUsages).set(fields).where(eq(couponUsages.id, existingId));
      return "updated";
    }
    const [sameOrder] = await db
      .select({ id: couponUsages.id })
      .from(couponUsages)
      .where(eq(couponUsages.orderId, orderId));
    if (sameOrder) throw new RowRefused("its order already has a coupon use");
    const id = newIdFor("coupon_usages", oldId);
    await db.insert(couponUsages).values({ id, ...fields });
    await rememberImport(db, "coupon_usages", oldId, id);
    return "imported";
  });
}
