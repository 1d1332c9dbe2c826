import { eq } from "drizzle-orm";
import { absoluteUrl } from "../../core/text/urls.ts";
import { recordChange } from "../audit/record.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { contentCreators } from "../db/schema/index.ts";
import { NotFoundError } from "../errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import {
  createCreatorPasswordLink,
  creatorPasswordPath,
  LINK_DAYS,
  revokeCreatorPasswordLinks,
} from "./password-links.ts";

const gone = () =>
  new NotFoundError({ title: "Error", description: "This content creator no longer exists" });

type Creator = { username: string; email: string | null; fullName: string | null };

/** The set-password email (also the legacy import's, server/migration/legacy/creator-links.ts). */
export function mailCreatorPasswordLink(mailer: Pick<Mailer, "send">, creator: Creator, url: string) {
  if (!creator.email) return Promise.resolve();
  return mailer.send({
    to: creator.email,
    subject: "Set your creator portal password",
    template: "creator-set-password",
    props: { name: creator.fullName ?? creator.username, url },
  });
}

async function creatorOf(db: Db, id: string) {
  if (!isUuid(id)) throw gone();
  const [row] = await db
    .select({
      id: contentCreators.id,
      username: contentCreators.username,
      email: contentCreators.email,
      fullName: contentCreators.fullName,
    })
    .from(contentCreators)
    .where(eq(contentCreators.id, id));
  if (!row) throw gone();
  return row;
}

/**
 * Invites a creator to set their portal password (as staff are invited, server/staff/invitations.ts):
 * a one-time set-password link (server/creators/password-links.ts: 14 days, older links revoked),
 * emailed to the creator. `shownUrl` is the link for the admin to pass on when it cannot be
 * emailed (no address, or no SMTP): the one place it is shown, never logged or stored.
 */
export async function inviteCreator(db: Db, mailer: Mailer, publicUrl: string, creatorId: string) {
  const creator = await creatorOf(db, creatorId);
  const token = await db.transaction(async (tx) => {
    const made = await createCreatorPasswordLink(tx, creator.id);
    // The token stays out of the entry: only that a link was made, and until when it works.
    await recordChange(tx, {
      entityType: "creator",
      entityId: creator.id,
      entityLabel: creator.username,
      action: "invite",
      details: { linkValidDays: LINK_DAYS, emailedTo: creator.email },
    });
    return made;
  });
  const url = absoluteUrl(publicUrl, creatorPasswordPath(token));
  await mailCreatorPasswordLink(mailer, creator, url);
  const emailed = Boolean(creator.email) && mailer.delivers;
  return { emailed, shownUrl: emailed ? null : url };
}

/** Revokes the creator's open set-password link; false when they had none. */
export async function revokeCreatorInvitation(db: Db, creatorId: string): Promise<boolean> {
  const creator = await creatorOf(db, creatorId);
  return db.transaction(async (tx) => {
    const revoked = await revokeCreatorPasswordLinks(tx, creator.id);
    if (revoked)
      await recordChange(tx, {
        entityType: "creator",
        entityId: creator.id,
        entityLabel: creator.username,
        action: "revoke-link",
      });
    return revoked;
  });
}
