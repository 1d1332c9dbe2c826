import type { Config } from "../config.ts";
import type { DatabaseStart } from "./startup.ts";

/**
 * The few lines a start prints for the person who ran it (docs/operations.md): where the shop is,
 * which database, mail and payments it uses, and how to get in. Plain text on stdout beside the JSON
 * log; never a password of the configuration (a database URL is shown without its credentials).
 */
export function startBanner(config: Config, port: number, start: DatabaseStart): string {
  const url = config.publicUrl;
  const lines = [
    `Peak Shilajit shop is running at ${url}${listeningNote(config, port)}`,
    `  database  ${describeDatabase(config)}${start.demo ? " (demo data)" : ""}`,
    `  mail      ${describeMail(config, start.demo)}`,
    `  payments  ${describePayments(config)}`,
  ];
  if (start.admin) lines.push(`  admin     ${url}/admin/login  ${describeAccount(start.admin)}`);
  if (start.customer) lines.push(`  customer  ${url}/auth  ${describeAccount(start.customer)}`);
  if (start.admin?.password || start.customer?.password) {
    lines.push("  These passwords are shown only now. To change one, see docs/admins.md.");
  }
  return `${lines.join("\n")}\n`;
}

/** Writes text for the person at the console, unless logging is silenced (LOG_LEVEL=silent). */
export function printToConsole(logLevel: string, text: string) {
  if (logLevel !== "silent") process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

function listeningNote(config: Config, port: number) {
  const own = new URL(config.publicUrl);
  return own.port === String(port) ? "" : ` (listening on ${config.host}:${port})`;
}

export function describeDatabase(config: Config) {
  if (!config.databaseUrl) return `embedded PostgreSQL (PGlite) in ${config.dataDir}/db`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
}

function describeMail(config: Config, demo: boolean) {
  if (config.mail.smtpUrl) {
    const url = new URL(config.mail.smtpUrl);
    return `SMTP via ${url.hostname}${url.port ? `:${url.port}` : ""}`;
  }
  const kept = "kept in the outbox (no SMTP_URL), readable at /admin/emails";
  return demo ? `${kept}; sign-up and password-reset links are also printed here` : kept;
}

function describePayments(config: Config) {
  // The sandbox runs only while no provider has keys (server/payments/registry.ts).
  if (!config.stripe && !config.paypal)
    return "built-in sandbox, no money moves (test card 4242 4242 4242 4242)";
  const methods = [];
  if (config.stripe)
    methods.push(`card by Stripe (${config.stripe.secretKey.startsWith("sk_live_") ? "live" : "test"} key)`);
  if (config.paypal)
    methods.push(`PayPal (${config.paypal.apiBase.includes("sandbox") ? "sandbox" : "live"})`);
  return methods.join(", ");
}

function describeAccount({ email, password }: { email: string; password?: string }) {
  return password ? `${email} / ${password}` : email;
}
