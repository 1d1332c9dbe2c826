import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { recordChange } from "../audit/record.ts";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";
import type { ErasureServices, LeftRow } from "./part.ts";
import { privacyParts } from "./registry.ts";
import type { PrivacySubject } from "./subject.ts";

/** The address an erased customer's kept orders carry: unique per erasure, never deliverable (RFC 6761 .invalid). */
export function anonymousEmail(): string {
  return `deleted-${randomBytes(8).toString("hex")}@invalid`;
}

/**
 * Erases the subject (right to delete): first what needs outside services (subscriptions are
 * cancelled with their provider; a refusal throws and nothing is erased), then every part in one
 * transaction. The account row is locked first, so two erasures at once run one after the other;
 * a second run finds nothing left to change. Parts select rows by identifiers only; returns the
 * rows that still mention the person in text, left for the admin to judge.
 */
export async function eraseSubject(
  db: Db,
  subject: PrivacySubject,
  services: ErasureServices,
): Promise<LeftRow[]> {
  for (const part of privacyParts) await part.prepareErase?.(db, subject, services);
  const erasure = { ...subject, anonymousEmail: anonymousEmail() };
  return db.transaction(async (tx) => {
    if (subject.userId)
      await tx.select({ id: user.id }).from(user).where(eq(user.id, subject.userId)).for("update");
    for (const part of privacyParts) await part.eraseFor(tx, erasure, services);
    const left: LeftRow[] = [];
    for (const part of privacyParts) left.push(...((await part.listLeft?.(tx, erasure)) ?? []));
    // Who erased, when and how much; never whom by email or name (that would undo the erasure).
    await recordChange(tx, {
      entityType: "privacy-erasure",
      entityId: subject.userId ?? erasure.anonymousEmail,
      action: "erase",
      details: {
        account: subject.userId !== null,
        orders: subject.orderIds.length,
        leftForReview: left.length,
      },
    });
    return left;
  });
}
