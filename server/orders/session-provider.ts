import type { PaymentProvider } from "../payments/provider.ts";
import { type ProviderServices, providerNamed } from "../payments/registry.ts";
import { getOrderForSession } from "./customer-orders.ts";

/**
 * The provider of the order a return URL's session id / token belongs to; null when unknown.
 * Here, not in payments/registry.ts: it reads our orders, and payments imports no orders code.
 */
export async function providerForSession(
  services: ProviderServices,
  sessionId: string,
): Promise<PaymentProvider | null> {
  const order = await getOrderForSession(services.database.db, sessionId);
  return order ? providerNamed(services, order.provider) : null;
}
