import path from "node:path";
import { attachGuestOrders } from "./accounts/guest-orders.ts";
import { type Auth, createAuth } from "./auth/auth.ts";
import { resolveAuthSecret } from "./auth/secret.ts";
import { ProductViewCounter } from "./catalog/view-counter.ts";
import type { Config } from "./config.ts";
import { DatabaseAvailability } from "./db/availability.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { printToConsole } from "./process/start-banner.ts";

/**
 * Everything with state that the app needs, built once per process from the config and handed
 * to routes through the request context. The app keeps nothing else in memory that matters.
 */
export type Services = {
  config: Config;
  log: Logger;
  database: Database;
  /** Whether the database answers: requests fail fast with a 503 while it does not. */
  databaseAvailability: DatabaseAvailability;
  auth: Auth;
  /** Sends mail: always into the outbox, over SMTP too when SMTP_URL is set. */
  mailer: Mailer;
  /** Product page views, counted in memory and written every few seconds (background.ts). */
  productViews: ProductViewCounter;
  /** AUTH_SECRET (or the generated one): signs emailed links too (cart restore, unsubscribe). */
  linkSecret: string;
  /** Set at start (server/process/startup.ts) when the database holds the demo seed. */
  demoMode: { active: boolean };
};

export async function createServices(config: Config, log = createLogger(config.logLevel)): Promise<Services> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, "db"),
    timeouts: config.databaseTimeouts,
  });
  const databaseAvailability = new DatabaseAvailability(database.ping, { log });
  await database.migrate();
  const linkSecret = resolveAuthSecret(config.authSecret, config.dataDir);
  const mailer = createMailer({
    db: database.db,
    log,
    from: config.mail.from,
    smtpUrl: config.mail.smtpUrl,
    shopInbox: config.mail.shopInbox,
    publicUrl: config.publicUrl,
    linkSecret,
  });
  const demoMode = { active: false };
  const auth = createAuth({
    db: database.db,
    secret: linkSecret,
    publicUrl: config.publicUrl,
    secureCookies: config.publicUrl.startsWith("https://"),
    mailer,
    log,
    attachGuestOrders: (userId) => attachGuestOrders(database.db, userId),
    social: config.social,
    // A demo shop without SMTP shows sign-up and reset links on the console: nobody reads its outbox yet.
    showLink: (line) => {
      if (demoMode.active && !mailer.delivers) printToConsole(config.logLevel, line);
    },
  });
  const productViews = new ProductViewCounter(database.db, log);
  return { config, log, database, databaseAvailability, auth, mailer, productViews, linkSecret, demoMode };
}
