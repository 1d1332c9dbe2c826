import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";
import type { MailTemplateName, MailTemplateProps } from "../mail/templates/index.ts";
import type { MarketingFooter } from "../mail/templates/layout.tsx";
import { type MarketingAudience, mayReceiveMarketing } from "./contacts.ts";
import { getMarketingPostalAddress } from "./postal-address.ts";
import { listUnsubscribeHeaders, unsubscribeUrl } from "./unsubscribe.ts";

/** Templates that render the marketing footer (their props take `marketing`). */
type MarketingTemplate = {
  [T in MailTemplateName]: MailTemplateProps<T> extends { marketing: MarketingFooter } ? T : never;
}[MailTemplateName];

/** A marketing message as a sender writes it: the wrapper adds the footer and the headers. */
export type MarketingMessage<T extends MarketingTemplate> = Omit<MailMessage<T>, "props" | "headers"> & {
  props: Omit<MailTemplateProps<T>, "marketing">;
};

export type MarketingOutcome = "queued" | "unsubscribed" | "no-postal-address";

/**
 * The one way to send marketing email (decision 048, CAN-SPAM 15 U.S.C. §7704; RFC 8058): asks the
 * consent model whether the address may get it, refuses while the shop has no postal address, and
 * adds what the law and mail providers ask of every marketing message — the unsubscribe link and
 * postal address in the body, `List-Unsubscribe` and `List-Unsubscribe-Post` headers.
 */
export async function sendMarketingEmail<T extends MarketingTemplate>(
  db: Db,
  mailer: Pick<Mailer, "send"> & Partial<Pick<Mailer, "publicUrl" | "linkSecret">>,
  audience: MarketingAudience,
  message: MarketingMessage<T>,
  log?: Partial<Pick<Logger, "warn">>,
  now = new Date(),
): Promise<MarketingOutcome> {
  const secret = mailer.linkSecret;
  if (!secret) throw new Error("marketing email needs the mailer's linkSecret (unsubscribe links)");
  if (!(await mayReceiveMarketing(db, secret, message.to, audience))) return "unsubscribed";
  const postalAddress = await getMarketingPostalAddress(db);
  if (!postalAddress) {
    log?.warn?.(
      { template: message.template },
      "marketing email skipped: no postal address in /admin/marketing",
    );
    return "no-postal-address";
  }
  const optOut = unsubscribeUrl(mailer.publicUrl ?? "", secret, message.to, now);
  const marketing: MarketingFooter = { unsubscribeUrl: optOut, postalAddress };
  await mailer.send({
    ...message,
    props: { ...message.props, marketing } as MailTemplateProps<T>,
    headers: listUnsubscribeHeaders(optOut),
  } as MailMessage<T>);
  return "queued";
}
