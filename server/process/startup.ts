import { createDemoAdmin, DEMO_ADMIN_EMAIL, hasDemoAdmin } from "../accounts/demo-admin.ts";
import { ensureAdmin } from "../accounts/ensure-admin.ts";
import { ensurePolicyTemplates } from "../policies/templates.ts";
import { seedDemoDataIfEmpty } from "../seed/demo.ts";
import { isDemoDatabase } from "../seed/demo-marker.ts";
import type { Services } from "../services.ts";

/** A sign-in the start banner shows; the password only in the start that created the account. */
export type StartAccount = { email: string; password?: string };

/** What the start banner says about the data (server/process/start-banner.ts). */
export type DatabaseStart = {
  demo: boolean;
  seededNow: boolean;
  admin?: StartAccount;
  customer?: StartAccount;
};

/**
 * Runs at every start after migrations: the policy pages' starter templates where missing, demo data on an empty database, the configured admin, and
 * on a demo database without ADMIN_EMAIL a demo admin (created once, in the start that seeded).
 */
export async function prepareDatabase(services: Services): Promise<DatabaseStart> {
  const { config, database, log } = services;
  await ensurePolicyTemplates(database.db);
  const seed =
    config.seed === "demo" ? await seedDemoDataIfEmpty(database.db, { uploadsDir: config.uploadsDir }) : null;
  if (seed) log.info("demo data seeded");
  const demo = seed !== null || (await isDemoDatabase(database.db));
  services.demoMode.active = demo;
  const start: DatabaseStart = { demo, seededNow: seed !== null, customer: seed?.customer ?? undefined };
  if (config.admin) {
    await ensureConfiguredAdmin(services);
    start.admin = { email: config.admin.email };
  } else if (seed) {
    start.admin = await createDemoAdmin(database.db, services.auth);
    log.info({ email: start.admin.email }, "demo admin created");
  } else if (demo && (await hasDemoAdmin(database.db))) {
    start.admin = { email: DEMO_ADMIN_EMAIL };
  }
  return start;
}

async function ensureConfiguredAdmin({ config, database, auth, log }: Services) {
  const admin = config.admin!;
  const outcome = await ensureAdmin(database.db, auth, admin);
  if (outcome === "promoted") {
    log.warn(
      { email: admin.email },
      "existing account promoted to admin: its password is now ADMIN_PASSWORD; its sessions and two-factor setup were ended",
    );
  } else log.info({ email: admin.email, outcome }, "admin account ensured (an Owner)");
}
