import type { Db } from "../../server/db/client.ts";
import { createLogger } from "../../server/logger.ts";
import { createMailer } from "../../server/mail/mailer.ts";
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
