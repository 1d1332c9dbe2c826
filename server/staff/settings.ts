import { z } from "zod";
import { auditedSetting } from "../audit/setting.ts";
import type { Db, Tx } from "../db/client.ts";

/** The owner's staff settings (shop_facts): whether every staff member must use two-factor. */
const staffSettingsSchema = z.object({ requireTwoFactor: z.boolean() });
export type StaffSettings = z.infer<typeof staffSettingsSchema>;

const stored = auditedSetting("staff-settings", "Staff settings", staffSettingsSchema, {
  requireTwoFactor: false,
});

export const getStaffSettings = (db: Db | Tx) => stored.get(db);
export const saveStaffSettings = (db: Db | Tx, settings: StaffSettings) => stored.save(db, settings);

/** Read by the admin guard on every back office request. */
export const staffRequireTwoFactor = async (db: Db | Tx) => (await stored.get(db)).requireTwoFactor;
