import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { shopFacts } from "../db/schema/index.ts";

/** The shop_facts key of the postal address every marketing email shows (CAN-SPAM §7704(a)(5)(A)(iii)). */
const POSTAL_ADDRESS_KEY = "marketing-postal-address";

const MESSAGE = "Please enter the street address or P.O. box (5 to 300 characters).";

export const postalAddressFormSchema = z.object({
  postalAddress: z.string({ message: MESSAGE }).trim().min(5, MESSAGE).max(300, MESSAGE),
});

/** The address, or "" while the admin has not set one (marketing email is then not sent). */
export async function getMarketingPostalAddress(db: Db): Promise<string> {
  const [row] = await db
    .select({ value: shopFacts.value })
    .from(shopFacts)
    .where(eq(shopFacts.key, POSTAL_ADDRESS_KEY));
  const parsed = z.string().safeParse(row?.value);
  return parsed.success ? parsed.data : "";
}

export async function saveMarketingPostalAddress(db: Db, postalAddress: string): Promise<void> {
  await db
    .insert(shopFacts)
    .values({ key: POSTAL_ADDRESS_KEY, value: postalAddress })
    .onConflictDoUpdate({ target: shopFacts.key, set: { value: postalAddress } });
}
