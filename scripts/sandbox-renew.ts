/**
 * Simulates a sandbox subscription's monthly renewal now (a new paid order and a renewal email):
 *   npm run sandbox:renew -- <subscriptionId>
 * Uses the server's configuration. With the embedded database, stop the server first.
 */
import "./support/env.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { createServices } from "../server/services.ts";
import { renewSubscription } from "../server/subscriptions/renew.ts";

async function main() {
  const subscriptionId = process.argv[2];
  if (!subscriptionId) {
    console.error("Usage: npm run sandbox:renew -- <subscriptionId>");
    process.exitCode = 1;
    return;
  }
  const services = await createServices(loadConfig({ ...process.env, LOG_LEVEL: "warn" }));
  try {
    const result = await renewSubscription(services.database.db, services.mailer, subscriptionId);
    if (result.ok) {
      console.log(`Renewed: order ${result.orderId}, next renewal ${result.currentPeriodEnd.toISOString()}`);
    } else {
      console.error(`Not renewed: ${result.reason}`);
      process.exitCode = 1;
    }
    await services.mailer.stop();
  } finally {
    await services.database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exitCode = 1;
});
