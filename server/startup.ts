import { ensureAdmin } from "./accounts/ensure-admin.ts";
import { seedDemoDataIfEmpty } from "./db/seed/demo.ts";
import type { Services } from "./services.ts";

/** Runs at every start after migrations: demo data on an empty database, and the configured admin. */
export async function prepareDatabase({ config, database, auth, log }: Services) {
  if (config.seed === "demo") {
    const seeded = await seedDemoDataIfEmpty(database.db, { uploadsDir: config.uploadsDir });
    if (seeded) log.info("demo data seeded");
  }
  if (config.admin) {
    const outcome = await ensureAdmin(database.db, auth, config.admin);
    if (outcome === "promoted") {
      log.warn(
        { email: config.admin.email },
        "existing account promoted to admin: its password is now ADMIN_PASSWORD; its sessions and two-factor setup were ended",
      );
    } else log.info({ email: config.admin.email, outcome }, "admin account ensured");
  }
}
