/**
 * Creates (or promotes) an admin account by hand (see docs/admins.md for what promotion does):
 *   npm run admin:create -- --email owner@example.com --password 'a long password'
 * Uses the same configuration as the server (DATABASE_URL or the embedded database in DATA_DIR).
 * With the embedded database, stop the server first: only one process may open its folder.
 */
import "./support/env.ts";
import { parseArgs } from "node:util";
import { z } from "zod";
import { ensureAdmin } from "../server/accounts/ensure-admin.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { createServices } from "../server/services.ts";

const argsSchema = z.object({
  email: z.email("--email must be a valid email address"),
  password: z.string("--password is required").min(8, "--password must be at least 8 characters"),
});

const outcomeMessages = {
  created: (email: string) => `Admin ${email} created.`,
  promoted: (email: string) =>
    `${email} is now an admin. Its password is now the one given, and its sessions and two-factor setup were ended.`,
  "made-owner": (email: string) =>
    `${email} was on the staff with another role and is now an Owner (its password stays).`,
  unchanged: (email: string) => `${email} is already an owner; nothing was changed (its password stays).`,
};

async function main() {
  const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } } });
  const args = argsSchema.safeParse(values);
  if (!args.success) return fail(args.error.issues[0]!.message);
  const services = await createServices(loadConfig({ ...process.env, LOG_LEVEL: "warn" }));
  try {
    const outcome = await ensureAdmin(services.database.db, services.auth, args.data);
    console.log(outcomeMessages[outcome](args.data.email));
  } finally {
    await services.database.close();
  }
}

function fail(message: string) {
  console.error(`${message}\nUsage: npm run admin:create -- --email <email> --password <password>`);
  process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exitCode = 1;
});
