import type { Db } from "../../server/db/client.ts";
import { createLogger } from "../../server/logger.ts";
import { createMailer } from "../../server/mail/mailer.ts";
import type { Buyer } from "../../server/payments/provider.ts";
import { sandboxProvider } from "../../server/payments/sandbox.ts";
import type { RefundDeps } from "../../server/refunds/refund-order.ts";

/** What refundOrder needs in a test: the sandbox provider, a silent log, the real outbox. */
export function sandboxRefundDeps(db: Db): RefundDeps {
  const log = createLogger("silent");
  return {
    db,
    mailer: createMailer({ db, log, from: "Shop <shop@example.com>" }),
    providerFor: () => sandboxProvider,
    publicUrl: "http://shop.test",
    log,
  };
}

/** A buyer as a payment provider reports them, for fulfilOrder in tests. */
export const testBuyer: Buyer = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "555-0100",
  address: { line1: "12 Analytical St", city: "Austin", state: "TX", postalCode: "78701", country: "US" },
};
