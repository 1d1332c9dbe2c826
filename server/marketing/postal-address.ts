import { z } from "zod";
import { auditedSetting } from "../audit/setting.ts";
import type { Db } from "../db/client.ts";

/** The shop_facts key of the postal address every marketing email shows (CAN-SPAM §7704(a)(5)(A)(iii)). */
const POSTAL_ADDRESS_KEY = "marketing-postal-address";

const MESSAGE = "Please enter the street address or P.O. box (5 to 300 characters).";

export const postalAddressFormSchema = z.object({
  postalAddress: z.string({ message: MESSAGE }).trim().min(5, MESSAGE).max(300, MESSAGE),
});

const stored = auditedSetting(POSTAL_ADDRESS_KEY, "Postal address", z.string(), "");

/** The address, or "" while the admin has not set one (marketing email is then not sent). */
export const getMarketingPostalAddress = (db: Db) => stored.get(db);

export const saveMarketingPostalAddress = (db: Db, postalAddress: string) => stored.save(db, postalAddress);
