import { absoluteUrl } from "../../../core/urls.ts";
import { createCreatorPasswordLink, creatorPasswordPath } from "../../creators/password-links.ts";
import type { Db } from "../../db/client.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { ImportContext } from "./context.ts";

/**
 * Each imported creator's "set your password" link: emailed (the outbox sends it once the shop
 * runs with SMTP), and shown on the console when the shop has no SMTP or the creator no email.
 * Never in the report file: the link is a password for whoever holds it.
 */
export function creatorLinkSender(options: {
  mailer: Mailer;
  publicUrl: string;
  show: (line: string) => void;
}): ImportContext["sendCreatorLink"] {
  return async (db: Db, creator) => {
    const token = await createCreatorPasswordLink(db, creator.id);
    const url = absoluteUrl(options.publicUrl, creatorPasswordPath(token));
    if (creator.email)
      await options.mailer.send({
        to: creator.email,
        subject: "Set your creator portal password",
        template: "creator-set-password",
        props: { name: creator.fullName ?? creator.username, url },
      });
    if (!creator.email || !options.mailer.delivers)
      options.show(`Set-password link for creator ${creator.username}: ${url}`);
  };
}
