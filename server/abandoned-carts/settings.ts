import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { coupons, shopFacts } from "../db/schema/index.ts";
import { InvalidInputError } from "../errors.ts";

/** The shop_facts key that holds the admin's abandoned-cart settings. */
const SETTINGS_KEY = "abandoned-cart-settings";

export const abandonedCartSettingsSchema = z
  .object({
    enabled: z.boolean(),
    idleHours: z
      .number({ message: "Please enter a whole number of hours from 1 to 720." })
      .int("Please enter a whole number of hours from 1 to 720.")
      .min(1, "Please enter a whole number of hours from 1 to 720.")
      .max(720, "Please enter a whole number of hours from 1 to 720."),
    secondEnabled: z.boolean(),
    secondCouponId: z.string().nullable(),
  })
  .refine((s) => !s.secondEnabled || s.secondCouponId !== null, {
    message: "Please choose the coupon the second reminder offers.",
    path: ["secondCouponId"],
  });

export type AbandonedCartSettings = z.infer<typeof abandonedCartSettingsSchema>;

/** Off until an admin turns it on: a shop never starts sending marketing mail by itself. */
export const DEFAULT_SETTINGS: AbandonedCartSettings = {
  enabled: false,
  idleHours: 4,
  secondEnabled: false,
  secondCouponId: null,
};

/** The current settings (defaults when never saved or when the stored value no longer parses). */
export async function getAbandonedCartSettings(db: Db): Promise<AbandonedCartSettings> {
  const [row] = await db
    .select({ value: shopFacts.value })
    .from(shopFacts)
    .where(eq(shopFacts.key, SETTINGS_KEY));
  const parsed = abandonedCartSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

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
  await db
    .insert(shopFacts)
    .values({ key: SETTINGS_KEY, value: settings })
    .onConflictDoUpdate({ target: shopFacts.key, set: { value: settings } });
}
