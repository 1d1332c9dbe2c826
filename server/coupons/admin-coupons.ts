import { asc, desc, eq, or } from "drizzle-orm";
import { z } from "zod";
import { discountValueProblem, MAX_MINIMUM_ORDER_CENTS } from "../../core/pricing/coupon-terms.ts";
import { formatMoney } from "../../core/pricing/money.ts";
import { deleteTracked, recordCreated, type Tracked, updateTracked } from "../audit/tracked.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { contentCreators, coupons, couponUsages, discountType, orders } from "../db/schema/index.ts";

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A decimal with at most two places, as typed in the form, converted to hundredths. */
const hundredths = (v: string) => Math.round(Number(v) * 100);

/** The admin coupon form as submitted (all strings; the switch as "on"). */
export const couponInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(
        z
          .string()
          .min(3, "Code must be at least 3 characters")
          .max(20, "Code must be at most 20 characters")
          .regex(/^[A-Z0-9_-]+$/, "Use letters, digits, - or _ only"),
      ),
    discountType: z.enum(discountType.enumValues, "Choose percentage or fixed").default("percentage"),
    discountValue: z
      .string()
      .trim()
      .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), "Discount value must be greater than 0")
      .transform(hundredths),
    contentCreatorId: z
      .string()
      .trim()
      .transform((v) => v || null)
      .refine((v) => v === null || isUuid(v), "Choose a content creator from the list"),
    validUntil: z
      .string()
      .trim()
      .refine((v) => v === "" || /^\d{4}-\d{2}-\d{2}$/.test(v), "Enter a valid date")
      // The end of the chosen day (UTC), so a coupon stays usable on its last day.
      .transform((v) => (v ? new Date(`${v}T23:59:59.999Z`) : null)),
    usageLimit: z
      .string()
      .trim()
      .refine((v) => v === "" || /^-?\d+$/.test(v), "Usage limit must be a whole number")
      .transform((v) => (v === "" ? null : Number(v)))
      .refine((v) => v === null || v >= 1, "Usage limit must be at least 1")
      .refine((v) => v === null || v <= 1_000_000_000, "Usage limit is too large"),
    minimumOrder: z
      .string()
      .trim()
      .refine((v) => v === "" || /^\d+(\.\d{1,2})?$/.test(v), "Enter an amount in dollars, e.g. 50 or 49.99")
      .transform((v) => (v === "" ? null : hundredths(v)))
      .refine((v) => v === null || v >= 1, "Leave empty for no minimum, or enter at least $0.01")
      .refine(
        (v) => v === null || v <= MAX_MINIMUM_ORDER_CENTS,
        `At most ${formatMoney(MAX_MINIMUM_ORDER_CENTS)}`,
      ),
    oncePerCustomer: z.boolean(),
    showOnFrontend: z.boolean(),
  })
  // The value's range depends on the type: 0.01–100 for a percentage, up to a bound for an amount.
  .superRefine((input, ctx) => {
    const problem = discountValueProblem(input.discountType, input.discountValue);
    if (problem) ctx.addIssue({ code: "custom", path: ["discountValue"], message: problem });
  });

export type CouponInput = z.output<typeof couponInputSchema>;

export type AdminCoupon = typeof coupons.$inferSelect & {
  creatorUsername: string | null;
  creatorFullName: string | null;
};

export async function listAdminCoupons(db: Db): Promise<AdminCoupon[]> {
  const rows = await db
    .select({
      coupon: coupons,
      creatorUsername: contentCreators.username,
      creatorFullName: contentCreators.fullName,
    })
    .from(coupons)
    .leftJoin(contentCreators, eq(coupons.contentCreatorId, contentCreators.id))
    .orderBy(desc(coupons.createdAt));
  return rows.map((r) => ({
    ...r.coupon,
    creatorUsername: r.creatorUsername,
    creatorFullName: r.creatorFullName,
  }));
}

/**
 * Active creators for the coupon form's select, by username. `linkedId` (the edited coupon's
 * creator) is listed even when inactive: otherwise the form would not show it and saving would
 * silently unlink it.
 */
export function listActiveCreatorOptions(db: Db, linkedId?: string | null) {
  const active = eq(contentCreators.isActive, true);
  return db
    .select({
      id: contentCreators.id,
      username: contentCreators.username,
      fullName: contentCreators.fullName,
      isActive: contentCreators.isActive,
    })
    .from(contentCreators)
    .where(linkedId && isUuid(linkedId) ? or(active, eq(contentCreators.id, linkedId)) : active)
    .orderBy(asc(contentCreators.username));
}

export type CouponSaveResult =
  | { ok: true; coupon: typeof coupons.$inferSelect }
  | { ok: false; field: "code" | "contentCreatorId"; message: string }
  | { ok: false; missing: true };

async function codeTaken(db: Db, code: string, exceptId?: string) {
  const [row] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code));
  return row !== undefined && row.id !== exceptId;
}

async function creatorExists(db: Db, id: string | null) {
  if (!id) return true;
  const [row] = await db
    .select({ id: contentCreators.id })
    .from(contentCreators)
    .where(eq(contentCreators.id, id));
  return row !== undefined;
}

async function checkInput(db: Db, input: CouponInput, exceptId?: string) {
  if (await codeTaken(db, input.code, exceptId))
    return {
      ok: false as const,
      field: "code" as const,
      message: `A coupon with the code ${input.code} already exists`,
    };
  if (!(await creatorExists(db, input.contentCreatorId)))
    return {
      ok: false as const,
      field: "contentCreatorId" as const,
      message: "This content creator no longer exists",
    };
  return null;
}

function columns(input: CouponInput) {
  return {
    code: input.code,
    discountType: input.discountType,
    discountValueHundredths: input.discountValue,
    contentCreatorId: input.contentCreatorId,
    usageLimit: input.usageLimit,
    minimumOrderCents: input.minimumOrder,
    oncePerCustomer: input.oncePerCustomer,
    showOnFrontend: input.showOnFrontend,
  };
}

/** A new, active coupon valid from now; without an expiry it runs for one year. */
export async function createAdminCoupon(
  db: Db,
  input: CouponInput,
  now = new Date(),
): Promise<CouponSaveResult> {
  const problem = await checkInput(db, input);
  if (problem) return problem;
  return db.transaction(async (tx) => {
    const [coupon] = await tx
      .insert(coupons)
      .values({
        ...columns(input),
        isActive: true,
        validFrom: now,
        validUntil: input.validUntil ?? new Date(now.getTime() + YEAR_MS),
      })
      .returning();
    await recordCreated(tx, coupon!, trackedCoupon);
    return { ok: true, coupon: coupon! };
  });
}

/** Saves the form over a coupon; an empty expiry keeps the current one. */
export async function updateAdminCoupon(db: Db, id: string, input: CouponInput): Promise<CouponSaveResult> {
  if (!isUuid(id)) return { ok: false, missing: true };
  const problem = await checkInput(db, input, id);
  if (problem) return problem;
  const coupon = await updateTracked(
    db,
    coupons,
    id,
    { ...columns(input), ...(input.validUntil ? { validUntil: input.validUntil } : {}) },
    trackedCoupon,
  );
  return coupon ? { ok: true, coupon } : { ok: false, missing: true };
}

export async function setCouponFlag(
  db: Db,
  id: string,
  flag: "isActive" | "showOnFrontend",
  value: boolean,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (await updateTracked(db, coupons, id, { [flag]: value }, trackedCoupon)) !== null;
}

export async function deleteAdminCoupon(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return deleteTracked(db, coupons, id, trackedCoupon);
}

/** Coupons in the audit log, by their code. */
const trackedCoupon: Tracked<typeof coupons> = { entityType: "coupon", label: (c) => c.code };

export function listCouponUsages(db: Db, couponId: string) {
  if (!isUuid(couponId)) return Promise.resolve([]);
  return db
    .select({
      id: couponUsages.id,
      userEmail: couponUsages.userEmail,
      orderId: couponUsages.orderId,
      orderNumber: orders.number,
      discountCents: couponUsages.discountCents,
      usedAt: couponUsages.usedAt,
    })
    .from(couponUsages)
    .leftJoin(orders, eq(orders.id, couponUsages.orderId))
    .where(eq(couponUsages.couponId, couponId))
    .orderBy(desc(couponUsages.usedAt));
}
