import { z } from "zod";
import { auditedSetting } from "../audit/setting.ts";
import type { Db, Tx } from "../db/client.ts";

/** The shop_facts key of the admin's commission settings. */
const SETTINGS_KEY = "creator-commission-settings";

const HOLD_MESSAGE = "Please enter a whole number of days from 0 to 365.";

export const commissionSettingsSchema = z.object({
  holdDays: z.number({ message: HOLD_MESSAGE }).int(HOLD_MESSAGE).min(0, HOLD_MESSAGE).max(365, HOLD_MESSAGE),
});

/** The admin form: the days as typed. */
export const commissionSettingsFormSchema = z.object({
  holdDays: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : undefined),
    commissionSettingsSchema.shape.holdDays,
  ),
});

export type CommissionSettings = z.infer<typeof commissionSettingsSchema>;

/** 30 days: longer than the usual return window, so most refunds land before a payout. */
export const DEFAULT_COMMISSION_SETTINGS: CommissionSettings = { holdDays: 30 };

const stored = auditedSetting(
  SETTINGS_KEY,
  "Creator commission settings",
  commissionSettingsSchema,
  DEFAULT_COMMISSION_SETTINGS,
);

/** The current settings (defaults when never saved or no longer valid). */
export const getCommissionSettings = (db: Db | Tx) => stored.get(db);

export const saveCommissionSettings = (db: Db, settings: CommissionSettings) => stored.save(db, settings);
