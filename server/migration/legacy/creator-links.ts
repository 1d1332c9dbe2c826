import { absoluteUrl } from "../../../core/text/urls.ts";
import { mailCreatorPasswordLink } from "../../creators/invitation.ts";
import { createCreatorPasswordLink, creatorPasswordPath } from "../../creators/password-links.ts";
import type { Db } from "../../db/client.ts";
import type { Mailer } from "../../mail/mailer.ts";

type Creator = { id: string; username: string; email: string | null; fullName: string | null };

/**
 * Each imported creator's "set your password" link. The link is made in the creator's row
 * transaction; the email is queued after the import (the outbox sends it once the shop runs with
 * SMTP), and the link is shown on the console when the shop has no SMTP or the creator no email.
 * Never in the report file: the link is a password for whoever holds it.
 */
export class CreatorLinks {
  private readonly made: { creator: Creator; url: string }[] = [];

  constructor(
    private readonly options: { mailer: Mailer; publicUrl: string; show: (line: string) => void },
  ) {}

  /** ImportContext.sendCreatorLink. */
  readonly create = async (db: Db, creator: Creator) => {
    const token = await createCreatorPasswordLink(db, creator.id);
    this.made.push({ creator, url: absoluteUrl(this.options.publicUrl, creatorPasswordPath(token)) });
  };

  /** Sends (or shows) the links made; call once the import has committed. */
  async deliver() {
    const { mailer, show } = this.options;
    for (const { creator, url } of this.made) {
      await mailCreatorPasswordLink(mailer, creator, url);
      if (!creator.email || !mailer.delivers)
        show(`Set-password link for creator ${creator.username}: ${url}`);
    }
  }
}
