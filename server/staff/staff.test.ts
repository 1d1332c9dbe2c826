import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser } from "../../tests/factories/accounts.ts";
import { clientHeaders, setupAuthDatabase, TEST_PUBLIC_URL } from "../../tests/support/auth.ts";
import type { TestDatabase } from "../../tests/support/database.ts";
import type { Auth } from "../auth/auth.ts";
import { mailOutbox, session, staffInvitations, user } from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import {
  acceptInvitation,
  findOpenInvitation,
  INVITATION_DAYS,
  inviteStaff,
  revokeInvitation,
} from "./invitations.ts";
import { changeStaffRole, listStaff, removeStaff } from "./members.ts";

let database: TestDatabase;
let auth: Auth;
let mailer: Mailer;
setupAuthDatabase((setup) => ({ database, auth, mailer } = setup));

const DAY = 24 * 60 * 60 * 1000;
const owner = () => createUser(database.db, { role: "admin", staffRole: "owner", name: "Olive Owner" });
const signIn = (email: string, password: string) =>
  auth.api.signInEmail({ body: { email, password }, headers: clientHeaders() });
const sessionsOf = async (userId: string) =>
  (await database.db.select().from(session).where(eq(session.userId, userId))).length;

/** The token of the invitation link last mailed to `email`. */
async function mailedToken(email: string) {
  const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const url = String((mail?.props as { url?: string } | undefined)?.url);
  expect(url.startsWith(`${TEST_PUBLIC_URL}/invitation/`)).toBe(true);
  return url.split("/").at(-1)!;
}

async function invite(
  email: string,
  role: "fulfilment" | "support" | "owner" = "fulfilment",
  now = new Date(),
) {
  const inviter = await owner();
  await inviteStaff(database.db, mailer, TEST_PUBLIC_URL, { email, name: "Finn Helper", role }, inviter, now);
  return mailedToken(email);
}

describe("staff invitations", () => {
  it("emails a one-time link that creates a verified staff account with the chosen password", async () => {
    const token = await invite("finn@example.com");
    const [stored] = await database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, "finn@example.com"));
    expect(stored?.tokenHash).not.toContain(token); // only the hash is kept
    const accepted = await acceptInvitation(database.db, token, "finn-password-1");
    const [row] = await database.db.select().from(user).where(eq(user.id, accepted.userId));
    expect(row).toMatchObject({
      role: "admin",
      staffRole: "fulfilment",
      emailVerified: true,
      name: "Finn Helper",
    });
    expect((await signIn("finn@example.com", "finn-password-1")).user.id).toBe(accepted.userId);
    // Used up: a second click (or a replay) finds nothing.
    await expect(acceptInvitation(database.db, token, "another-password-1")).rejects.toMatchObject({
      kind: "not_found",
    });
  });

  it("lets an existing customer account join: same account, password replaced, sessions ended", async () => {
    const customer = await createUser(database.db, { email: "cara@example.com", password: "old-password-1" });
    await signIn(customer.email, "old-password-1");
    expect(await sessionsOf(customer.id)).toBe(1);
    const token = await invite(customer.email, "support");
    const accepted = await acceptInvitation(database.db, token, "new-password-12");
    expect(accepted.userId).toBe(customer.id);
    expect(await sessionsOf(customer.id)).toBe(0);
    await expect(signIn(customer.email, "old-password-1")).rejects.toMatchObject({ statusCode: 401 });
    expect((await signIn(customer.email, "new-password-12")).user.id).toBe(customer.id);
  });

  it("refuses expired and revoked links, and keeps only the newest link per address", async () => {
    const start = new Date();
    const expired = await invite("late@example.com", "fulfilment", start);
    const later = new Date(start.getTime() + (INVITATION_DAYS * DAY + 1000));
    expect(await findOpenInvitation(database.db, expired, later)).toBeNull();
    await expect(acceptInvitation(database.db, expired, "late-password-1", later)).rejects.toMatchObject({
      kind: "not_found",
    });

    const first = await invite("twice@example.com");
    await database.db.delete(mailOutbox).where(eq(mailOutbox.to, "twice@example.com"));
    const second = await invite("twice@example.com");
    expect(await findOpenInvitation(database.db, first)).toBeNull();
    const open = await findOpenInvitation(database.db, second);
    await revokeInvitation(database.db, open!.id);
    expect(await findOpenInvitation(database.db, second)).toBeNull();
    await expect(acceptInvitation(database.db, second, "twice-password-1")).rejects.toMatchObject({
      kind: "not_found",
    });
    expect(await findOpenInvitation(database.db, "not-a-token")).toBeNull();
  });

  it("refuses to invite an address that is already staff", async () => {
    const member = await owner();
    await expect(
      inviteStaff(
        database.db,
        mailer,
        TEST_PUBLIC_URL,
        { email: member.email, name: "X", role: "support" },
        member,
      ),
    ).rejects.toMatchObject({ kind: "conflict" });
  });
});

describe("staff roles", () => {
  it("a role change or a removal ends the member's sessions at once", async () => {
    const member = await createUser(database.db, {
      role: "admin",
      staffRole: "support",
      password: "member-pass-1",
    });
    await signIn(member.email, "member-pass-1");
    expect(await changeStaffRole(database.db, member.id, "fulfilment")).toEqual({
      before: "support",
      after: "fulfilment",
    });
    expect(await sessionsOf(member.id)).toBe(0);

    await signIn(member.email, "member-pass-1");
    await removeStaff(database.db, member.id);
    expect(await sessionsOf(member.id)).toBe(0);
    const [row] = await database.db.select().from(user).where(eq(user.id, member.id));
    expect(row).toMatchObject({ role: "customer", staffRole: null });
    expect((await listStaff(database.db)).map((s) => s.id)).not.toContain(member.id);
  });

  it("never leaves the shop without an owner", async () => {
    // Only owners from this test: demote every other one first.
    for (const s of await listStaff(database.db)) {
      if (s.role === "owner")
        await database.db.update(user).set({ staffRole: "manager" }).where(eq(user.id, s.id));
    }
    const last = await owner();
    await expect(changeStaffRole(database.db, last.id, "manager")).rejects.toMatchObject({
      kind: "conflict",
    });
    await expect(removeStaff(database.db, last.id)).rejects.toMatchObject({ kind: "conflict" });
    const second = await owner();
    await changeStaffRole(database.db, last.id, "manager");
    await expect(removeStaff(database.db, second.id)).rejects.toMatchObject({ kind: "conflict" });
  });
});
