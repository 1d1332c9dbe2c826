import { z } from "zod";
import { auditedSetting } from "../audit/setting.ts";
import type { Db } from "../db/client.ts";

/** The shop_facts key of the shop-wide label settings (its changes bump the storefront version). */
const SETTINGS_KEY = "supplement-label-settings";

export const labelSettingsSchema = z.object({
  /** Who sees the Prop 65 warnings at checkout: buyers shipping to California, or every buyer. */
  prop65Audience: z.enum(["california", "everyone"], { message: "Choose who sees the warning at checkout." }),
  /** The FDA disclaimer on product pages without claims; pages with claims always show it. */
  disclaimerWithoutClaims: z.boolean(),
});
export type LabelSettings = z.infer<typeof labelSettingsSchema>;

/** The safe side by default: the disclaimer everywhere, the warning to California addresses. */
export const DEFAULT_LABEL_SETTINGS: LabelSettings = {
  prop65Audience: "california",
  disclaimerWithoutClaims: true,
};

const stored = auditedSetting(SETTINGS_KEY, "Label settings", labelSettingsSchema, DEFAULT_LABEL_SETTINGS);

/** The current settings (defaults when never saved or when the stored value no longer parses). */
export const getLabelSettings = (db: Db) => stored.get(db);

export const saveLabelSettings = (db: Db, settings: LabelSettings) => stored.save(db, settings);
