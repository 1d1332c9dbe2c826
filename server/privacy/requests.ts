import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { eraseSubject } from "./erase.ts";
import { exportPersonalData } from "./export.ts";
import { logPrivacyRequest } from "./log.ts";
import type { ErasureServices } from "./part.ts";
import { type PrivacySubject, subjectOfAccount, subjectOfEmail } from "./subject.ts";

/** Who asked: the customer themself, or an admin acting on a request received by email. */
export type Requester = { by: "customer" } | { by: "admin"; adminId: string };

const NOTHING_FOUND = {
  title: "No customer found",
  description: "The shop holds no account, order or message under this email.",
};

const ADMIN_ACCOUNT = {
  title: "Account not deleted",
  description: "This is an admin account. Remove its admin role first; admin accounts are not erased here.",
};

/** The account of the signed-in customer (gone already: the same answer as any unknown one). */
export async function subjectForCustomer(db: Db, userId: string): Promise<PrivacySubject> {
  const subject = await subjectOfAccount(db, userId);
  if (!subject) throw new NotFoundError(NOTHING_FOUND);
  return subject;
}

/** Whoever used the email, for an admin; "not found" when the shop holds nothing under it. */
export async function subjectForEmail(db: Db, email: string): Promise<PrivacySubject> {
  const subject = await subjectOfEmail(db, email);
  if (!subject) throw new NotFoundError(NOTHING_FOUND);
  return subject;
}

/** The export of the subject, logged (right to know). */
export async function exportFor(db: Db, subject: PrivacySubject, requester: Requester) {
  const data = await exportPersonalData(db, subject);
  await logPrivacyRequest(db, entry("export", subject, requester));
  return data;
}

/**
 * The erasure of the subject, logged (right to delete) with the rows left for the admin to check,
 * which it also returns. Admin accounts are refused.
 */
export async function eraseFor(
  db: Db,
  subject: PrivacySubject,
  requester: Requester,
  services: ErasureServices,
) {
  if (subject.userId && (await isAdmin(db, subject.userId))) throw new ConflictError(ADMIN_ACCOUNT);
  const left = await eraseSubject(db, subject, services);
  await logPrivacyRequest(db, { ...entry("erase", subject, requester), leftForReview: left });
  return left;
}

async function isAdmin(db: Db, userId: string) {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  return row?.role === "admin";
}

function entry(action: "export" | "erase", subject: PrivacySubject, requester: Requester) {
  return {
    action,
    requestedBy: requester.by,
    adminId: requester.by === "admin" ? requester.adminId : null,
    subjectUserId: subject.userId,
  };
}
