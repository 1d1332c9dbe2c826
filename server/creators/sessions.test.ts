import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentCreator } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { creatorInputSchema, setCreatorActive, updateAdminCreator } from "./admin-creators.ts";
import { createCreatorSession, creatorOfRequest } from "./sessions.ts";
import { signInCreator } from "./sign-in.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const requestWith = (token: string) =>
  new Request("http://shop.test/creator", { headers: { cookie: `other=1; creator_session=${token}` } });

describe("creator sessions", () => {
  it("open the portal until they expire; only the token's hash is stored", async () => {
    const creator = await createContentCreator(database.db);
    const token = await createCreatorSession(database.db, creator.id);
    expect(await creatorOfRequest(database.db, requestWith(token))).toEqual({
      id: creator.id,
      username: creator.username,
    });
    const stored = await database.db.query.creatorSessions.findFirst();
    expect(JSON.stringify(stored)).not.toContain(token);
    const inEightDays = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    expect(await creatorOfRequest(database.db, requestWith(token), inEightDays)).toBeNull();
  });

  it("end when the admin deactivates the creator or changes the password", async () => {
    const creator = await createContentCreator(database.db, { password: "first-pass-1" });
    const signIn = () =>
      signInCreator(database.db, { username: creator.username, password: "first-pass-1" }, "10.9.9.9");
    const first = (await signIn())!;
    await setCreatorActive(database.db, creator.id, false);
    expect(await creatorOfRequest(database.db, requestWith(first))).toBeNull();
    expect(await signIn()).toBeNull();

    await setCreatorActive(database.db, creator.id, true);
    const second = (await signIn())!;
    const edit = creatorInputSchema("edit").parse({
      username: creator.username,
      password: "second-pass-2",
      fullName: "",
      email: "",
      commissionRate: "10",
    });
    await updateAdminCreator(database.db, creator.id, edit);
    expect(await creatorOfRequest(database.db, requestWith(second))).toBeNull();
  });
});
