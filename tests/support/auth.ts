import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import { attachGuestOrders } from "../../server/accounts/guest-orders.ts";
import { type Auth, createAuth } from "../../server/auth/auth.ts";
import type { SocialConfig } from "../../server/auth/social.ts";
import type { Db } from "../../server/db/client.ts";
import { createMailer, type Mailer, type MailerOptions } from "../../server/mail/mailer.ts";
import { CLIENT_IP_HEADER } from "../../server/rate-limit/client-ip.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

export const TEST_PUBLIC_URL = "http://shop.test";

/** The app's better-auth setup on a test database, with its mailer (outbox only unless smtpUrl). */
export function createTestAuth(
  db: Db,
  mail: Partial<MailerOptions> = {},
  social?: SocialConfig,
): { auth: Auth; mailer: Mailer } {
  const log = pino({ level: "silent" });
  const mailer = createMailer({ db, log, from: "Shop <shop@shop.test>", ...mail });
  const auth = createAuth({
    db,
    secret: "integration-test-secret-0123456789abcdef",
    publicUrl: TEST_PUBLIC_URL,
    secureCookies: false,
    mailer,
    log,
    attachGuestOrders: (userId) => attachGuestOrders(db, userId),
    social,
  });
  return { auth, mailer };
}

/**
 * For a test file: a fresh database with the app's auth on it, opened before the tests (handed to
 * `opened`) and closed after them.
 */
export function setupAuthDatabase(
  opened: (setup: { database: TestDatabase; auth: Auth; mailer: Mailer }) => void,
) {
  let database: TestDatabase | undefined;
  let mailer: Mailer | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    const created = createTestAuth(database.db);
    mailer = created.mailer;
    opened({ database, ...created });
  });
  afterAll(async () => {
    await mailer?.stop();
    await database?.destroy();
  });
}

/** Request headers from a given client address, optionally carrying cookies. */
export function clientHeaders(ip = "203.0.113.1", cookie?: string): Headers {
  const headers = new Headers({ [CLIENT_IP_HEADER]: ip, origin: TEST_PUBLIC_URL });
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

/** `name=value; name2=value2` from Set-Cookie lines (what a browser would send back). */
export function cookieHeader(responseHeaders: Headers): string {
  return responseHeaders
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}
