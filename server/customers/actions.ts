import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { customers, orders, session, user } from "../db/schema/index.ts";
import { ConflictError, InvalidInputError, NotFoundError } from "../errors.ts";
import { type Customer, findCustomer } from "./profile.ts";

/** Letters people type; control characters (CR, LF, NUL…) never reach an email or a log line. */
const plainText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, `${field} is at most ${max} characters.`)
    .refine((value) => !/\p{Cc}/u.test(value), `${field} cannot hold line breaks or control characters.`);

export const customerDetailsSchema = z.object({
  name: plainText(100, "Name").pipe(z.string().min(1, "Name is required.")),
  email: z.string().trim().toLowerCase().max(254).email("Enter a valid email address."),
});

export const noteAndTagsSchema = z.object({
  note: z
    .string()
    .max(5000, "The note is at most 5000 characters.")
    .refine((value) => !value.includes("\u0000"), "The note cannot hold a NUL character."),
  tags: plainText(500, "Tags").transform((text) =>
    [
      ...new Set(
        text
          .split(",")
          .map((tag) => tag.trim().toLowerCase())
          .filter(Boolean),
      ),
    ].slice(0, 20),
  ),
});

export const attachOrderSchema = z.object({
  orderNumber: z.coerce
    .number({ message: "Enter the order number." })
    .int("Enter the order number.")
    .min(1, "Enter the order number.")
    .max(2_000_000_000, "Enter the order number."),
  orderEmail: z.string().trim().toLowerCase().max(254).email("Enter the email the order was placed with."),
});

/** The customer's account id; a guest customer (email only) has none to act on. */
function accountOf(customer: Customer): string {
  if (!customer.userId)
    throw new ConflictError({
      title: "This customer has no account",
      description: "A guest buyer is known by email only.",
    });
  return customer.userId;
}

export async function saveNoteAndTags(db: Db, customerId: string, input: z.infer<typeof noteAndTagsSchema>) {
  const customer = await findCustomer(db, customerId);
  await db.update(customers).set({ note: input.note, tags: input.tags }).where(eq(customers.id, customer.id));
}

/**
 * A new name, and perhaps a new email. A changed email is marked unverified at once: the
 * customer proves it by the verification link (sent by the caller through better-auth), and until
 * then no guest order joins the account by it (decision 037). Returns whether the email changed.
 */
export async function editCustomerDetails(
  db: Db,
  customerId: string,
  input: z.infer<typeof customerDetailsSchema>,
): Promise<{ emailChanged: boolean; email: string }> {
  const userId = accountOf(await findCustomer(db, customerId));
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, userId))
      .for("update");
    if (!current) throw new NotFoundError({ title: "Customer not found" });
    const emailChanged = current.email.toLowerCase() !== input.email;
    if (emailChanged) {
      const [taken] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(sql`lower(${user.email}) = ${input.email}`, ne(user.id, userId)));
      if (taken)
        throw new InvalidInputError(
          { title: "Email already in use" },
          { email: ["Another account uses this email."] },
        );
    }
    await tx
      .update(user)
      .set({
        name: input.name,
        updatedAt: new Date(),
        ...(emailChanged && { email: input.email, emailVerified: false }),
      })
      .where(eq(user.id, userId));
    return { emailChanged, email: input.email };
  });
}

/**
 * Disables (or enables again) the account's sign-in. Disabling ends every session at once (no
 * cookie cache: the next request is signed out); better-auth's admin plugin refuses a banned
 * account's sign-in.
 */
export async function setSignInDisabled(db: Db, customerId: string, disabled: boolean) {
  const userId = accountOf(await findCustomer(db, customerId));
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ banned: disabled, banReason: disabled ? "Sign-in disabled by staff" : null, banExpires: null })
      .where(eq(user.id, userId));
    if (disabled) await tx.delete(session).where(eq(session.userId, userId));
  });
}

/** The account's email for a better-auth email (reset or verification). */
export async function customerAccountEmail(db: Db, customerId: string) {
  const userId = accountOf(await findCustomer(db, customerId));
  const [account] = await db
    .select({ email: user.email, emailVerified: user.emailVerified, banned: user.banned })
    .from(user)
    .where(eq(user.id, userId));
  if (!account) throw new NotFoundError({ title: "Customer not found" });
  return account;
}

/**
 * Joins one paid guest order to the customer's account. The order is named by its number and
 * the email it was placed with (both must match: a number alone is easy to mistype into someone
 * else's order); the change is made by the order's id, and only while it has no account.
 */
export async function attachGuestOrder(db: Db, customerId: string, input: z.infer<typeof attachOrderSchema>) {
  const userId = accountOf(await findCustomer(db, customerId));
  const [order] = await db
    .select({ id: orders.id, email: orders.email, userId: orders.userId })
    .from(orders)
    .where(and(eq(orders.number, input.orderNumber), eq(orders.paymentStatus, "paid")));
  if (!order || order.email?.toLowerCase() !== input.orderEmail)
    throw new InvalidInputError(
      { title: "No such guest order" },
      { orderNumber: ["No paid order has this number and email."] },
    );
  if (order.userId !== null)
    throw new ConflictError({
      title: "Already in an account",
      description: "This order belongs to an account.",
    });
  const attached = await db
    .update(orders)
    .set({ userId })
    .where(and(eq(orders.id, order.id), isNull(orders.userId)))
    .returning({ id: orders.id });
  if (attached.length === 0)
    throw new ConflictError({
      title: "Already in an account",
      description: "This order belongs to an account.",
    });
}
