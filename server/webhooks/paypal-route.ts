import { paypalProviderFor } from "../payments/paypal/paypal-provider.ts";
import type { Services } from "../services.ts";
import { handlePaypalWebhook } from "./paypal.ts";

/** The Hono handler of POST /webhooks/paypal (404 while PayPal is not configured). */
export async function paypalWebhookRoute(services: Services, request: Request): Promise<Response> {
  if (!services.config.paypal) return Response.json({ error: "not found" }, { status: 404 });
  const answer = await handlePaypalWebhook(
    {
      db: services.database.db,
      mailer: services.mailer,
      provider: paypalProviderFor(services.config),
      log: services.log,
    },
    await request.text(),
    request.headers,
  );
  return Response.json(answer.body, { status: answer.status });
}
