import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { auditedSetting } from "../audit/setting.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { coupons } from "../db/schema/index.ts";
import { InvalidInputError } from "../errors.ts";

/** The shop_facts key that holds the admin's abandoned-cart settings. */
const SETTINGS_KEY = "abandoned-cart-settings";

const HOURS_MESSAGE = "Please enter a whole number of hours from 1 to 720.";

const fields = {
  enabled: z.boolean(),
  idleHours: z
    .number({ message: HOURS_MESSAGE })
    .int(HOURS_MESSAGE)
    .min(1, HOURS_MESSAGE)
    .max(720, HOURS_MESSAGE),
  secondEnabled: z.boolean(),
  secondCouponId: z.string().max(100).nullable(),
};

type Fields = { secondEnabled: boolean; secondCouponId: string | null };
const couponChosen = (s: Fields) => !s.secondEnabled || s.secondCouponId !== null;
const COUPON_MISSING = {
  message: "Please choose the coupon the second reminder offers.",
  path: ["secondCouponId"],
};

export const abandonedCartSettingsSchema = z.object(fields).refine(couponChosen, COUPON_MISSING);

/** The admin form (switches read as booleans by readForm, the rest as text). */
export const abandonedCartSettingsFormSchema = z
  .object({
    ...fields,
    idleHours: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : undefined),
      fields.idleHours,
    ),
    secondCouponId: z.preprocess((v) => (v === "" ? null : v), fields.secondCouponId),
  })
  .refine(couponChosen, COUPON_MISSING);

export type AbandonedCartSettings = z.infer<typeof abandonedCartSettingsSchema>;

/** Off until an admin turns it on: a shop never starts sending marketing mail by itself. */
export const DEFAULT_SETTINGS: AbandonedCartSettings = {
  enabled: false,
  idleHours: 4,
  secondEnabled: false,
  secondCouponId: null,
};

const stored = auditedSetting(
  SETTINGS_KEY,
  "Abandoned cart reminders",
  abandonedCartSettingsSchema,
  DEFAULT_SETTINGS,
);

/** The current settings (defaults when never saved or when the stored value no longer parses). */
export const getAbandonedCartSettings = (db: Db) => stored.get(db);

/** Saves validated settings; a chosen coupon must exist. */
export async function saveAbandonedCartSettings(db: Db, settings: AbandonedCartSettings): Promise<void> {
  const couponId = settings.secondCouponId;
  if (couponId !== null) {
    const [coupon] = isUuid(couponId)
      ? await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, couponId))
      : [];
    if (!coupon) {
      const message = "This coupon no longer exists.";
      throw new InvalidInputError({ title: "Error", description: message }, { secondCouponId: [message] });
    }
  }
  await stored.save(db, settings);
}

/** The coupons an admin can offer in the second reminder (newest first). */
export function listCouponChoices(db: Db) {
  return db
    .select({ id: coupons.id, code: coupons.code, isActive: coupons.isActive })
    .from(coupons)
    .orderBy(desc(coupons.createdAt))
    .limit(500);
}
