import type { Tracked } from "../audit/tracked.ts";
import type { subscriptions } from "../db/schema/index.ts";

/** Subscriptions in the audit log, by the first 8 characters of their id (as the admin list shows). */
export const trackedSubscription: Tracked<typeof subscriptions> = {
  entityType: "subscription",
  label: (s) => `#${s.id.slice(0, 8)}`,
};
