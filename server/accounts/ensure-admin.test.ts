import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../tests/factories/accounts.ts";
import { clientHeaders, createTestAuth } from "../../tests/support/auth.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import type { Auth } from "../auth/auth.ts";
import { session, twoFactor, user, verification } from "../db/schema/index.ts";
import { ensureAdmin } from "./ensure-admin.ts";

let database: TestDatabase;
let auth: Auth;
beforeAll(async () => {
  database = await createTestDatabase();
  ({ auth } = createTestAuth(database.db));
});
afterAll(() => database.destroy());

const signIn = (email: string, password: string) =>
  auth.api.signInEmail({
    body: { email, password },
    headers: clientHeaders(`192.0.2.${Math.floor(Math.random() * 250)}`),
  });

const rows = async (table: typeof session | typeof twoFactor, userId: string) =>
  (await database.db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;

describe("ensureAdmin", () => {
  it("creates a verified admin with the given password", async () => {
    expect(
      await ensureAdmin(database.db, auth, { email: "New.Owner@Example.com", password: "owner-pass-1" }),
    ).toBe("created");
    const [created] = await database.db.select().from(user).where(eq(user.email, "new.owner@example.com"));
    expect(created).toMatchObject({ role: "admin", emailVerified: true });
    expect((await signIn("new.owner@example.com", "owner-pass-1")).user.id).toBe(created!.id);
  });

  it("takes a non-admin account over: new password, no sessions, no two-factor, no pending tokens", async () => {
    // Signed up by someone else (who got it verified, e.g. the owner clicked the link), with a
    // session, an authenticator of theirs and a pending reset link.
    const squatter = await createUser(database.db, { password: "squatter-pass" });
    await signIn(squatter.email, "squatter-pass");
    await database.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, squatter.id));
    await database.db
      .insert(twoFactor)
      .values({ id: crypto.randomUUID(), secret: "x", backupCodes: "y", userId: squatter.id });
    await database.db.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: "reset-password:token",
      value: squatter.id,
      expiresAt: new Date(Date.now() + 60_000),
    });

    expect(await ensureAdmin(database.db, auth, { email: squatter.email, password: "owners-choice-1" })).toBe(
      "promoted",
    );
    const [promoted] = await database.db.select().from(user).where(eq(user.id, squatter.id));
    expect(promoted).toMatchObject({ role: "admin", emailVerified: true, twoFactorEnabled: false });
    expect(await rows(session, squatter.id)).toBe(0);
    expect(await rows(twoFactor, squatter.id)).toBe(0);
    expect(await database.db.select().from(verification).where(eq(verification.value, squatter.id))).toEqual(
      [],
    );
    await expect(signIn(squatter.email, "squatter-pass")).rejects.toMatchObject({ statusCode: 401 });
    expect((await signIn(squatter.email, "owners-choice-1")).user.id).toBe(squatter.id);
  });

  it("leaves an existing admin alone, password and sessions included", async () => {
    const admin = await createUser(database.db, { role: "admin", password: "changed-in-the-shop" });
    await signIn(admin.email, "changed-in-the-shop");
    expect(await ensureAdmin(database.db, auth, { email: admin.email, password: "the-env-password" })).toBe(
      "unchanged",
    );
    expect(await rows(session, admin.id)).toBe(1);
    expect((await signIn(admin.email, "changed-in-the-shop")).user.id).toBe(admin.id);
  });

  it("makes an admin with a smaller staff role an Owner again, password and sessions kept", async () => {
    const admin = await createUser(database.db, {
      role: "admin",
      staffRole: "fulfilment",
      password: "changed-in-the-shop",
    });
    expect(await ensureAdmin(database.db, auth, { email: admin.email, password: "the-env-password" })).toBe(
      "made-owner",
    );
    const [row] = await database.db
      .select({ staffRole: user.staffRole })
      .from(user)
      .where(eq(user.id, admin.id));
    expect(row?.staffRole).toBe("owner");
    expect((await signIn(admin.email, "changed-in-the-shop")).user.id).toBe(admin.id);
  });

  it("creates the configured admin as an Owner", async () => {
    await ensureAdmin(database.db, auth, { email: "second.owner@example.com", password: "owner-pass-2" });
    const [row] = await database.db
      .select({ staffRole: user.staffRole })
      .from(user)
      .where(eq(user.email, "second.owner@example.com"));
    expect(row?.staffRole).toBe("owner");
  });
});
