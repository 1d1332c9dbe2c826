import { and, eq, isNull, lte, ne } from "drizzle-orm";
import { z } from "zod";
import { recordChange } from "../audit/record.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import {
  contentCreators,
  creatorLedgerEntries,
  creatorPayoutEntries,
  creatorPayouts,
} from "../db/schema/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";

export const markPaidSchema = z.object({
  reference: z
    .string()
    .trim()
    .min(1, "Enter the payout reference")
    .max(200, "Keep the reference under 200 characters"),
  idempotencyKey: z.uuid("Reload the page and try again"),
});
export type MarkPaidInput = z.output<typeof markPaidSchema>;

export type Payout = typeof creatorPayouts.$inferSelect;

const e = creatorLedgerEntries;

/**
 * "Mark paid": one payout of everything payable for the creator at `now` (decision 040). The
 * creator's row is locked, so two admins take turns and the second finds nothing left; the form's
 * idempotency key is unique, so the same form posted twice returns the first payout. The payout
 * links each entry it paid (an entry can be linked once) and adds its own negative entry.
 */
export async function markCreatorPaid(
  db: Db,
  input: MarkPaidInput & { creatorId: string; actorId: string | null },
  now = new Date(),
): Promise<{ payout: Payout; repeated: boolean }> {
  if (!isUuid(input.creatorId)) throw notFound();
  return db.transaction(async (tx) => {
    const [creator] = await tx
      .select({ id: contentCreators.id, username: contentCreators.username })
      .from(contentCreators)
      .where(eq(contentCreators.id, input.creatorId))
      .for("update");
    if (!creator) throw notFound();
    const [earlier] = await tx
      .select()
      .from(creatorPayouts)
      .where(eq(creatorPayouts.idempotencyKey, input.idempotencyKey));
    if (earlier) {
      if (earlier.creatorId !== creator.id) throw alreadyUsed();
      return { payout: earlier, repeated: true };
    }
    const due = await tx
      .select({ id: e.id, amountCents: e.amountCents })
      .from(e)
      .leftJoin(creatorPayoutEntries, eq(creatorPayoutEntries.entryId, e.id))
      .where(
        and(
          eq(e.creatorId, creator.id),
          ne(e.kind, "payout"),
          isNull(creatorPayoutEntries.entryId),
          lte(e.availableAt, now),
        ),
      );
    const amountCents = due.reduce((sum, entry) => sum + entry.amountCents, 0);
    if (amountCents <= 0) throw nothingPayable(amountCents);
    const [payout] = await tx
      .insert(creatorPayouts)
      .values({
        creatorId: creator.id,
        amountCents,
        reference: input.reference,
        idempotencyKey: input.idempotencyKey,
        createdBy: input.actorId,
        createdAt: now,
      })
      .onConflictDoNothing({ target: creatorPayouts.idempotencyKey })
      .returning();
    if (!payout) throw alreadyUsed();
    await tx
      .insert(creatorPayoutEntries)
      .values(due.map((entry) => ({ entryId: entry.id, payoutId: payout.id })));
    await tx.insert(e).values({
      creatorId: creator.id,
      kind: "payout",
      amountCents: -amountCents,
      sourceKey: `payout:${payout.id}`,
      payoutId: payout.id,
      note: `Payout ${input.reference}`,
      availableAt: now,
      createdAt: now,
    });
    await recordChange(tx, {
      entityType: "creator",
      entityId: creator.id,
      entityLabel: creator.username,
      action: "payout",
      details: { payout: payout.id, amountCents, reference: input.reference, entries: due.length },
    });
    return { payout, repeated: false };
  });
}

const notFound = () =>
  new NotFoundError({ title: "Not found", description: "This content creator no longer exists." });

const alreadyUsed = () =>
  new ConflictError({ title: "Payout already submitted", description: "This payout form was already used." });

function nothingPayable(amountCents: number) {
  return new ConflictError({
    title: "Nothing to pay",
    description:
      amountCents < 0
        ? "Clawbacks exceed what is payable: the negative balance is carried into the next payout."
        : "This creator has nothing payable right now.",
  });
}
