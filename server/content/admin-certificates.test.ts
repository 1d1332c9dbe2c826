import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import {
  certificateInputSchema,
  deleteCertificate,
  listAdminCertificates,
  saveCertificate,
} from "./admin-certificates.ts";
import { loadHomeContent } from "./home.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const messages = (values: Record<string, unknown>) =>
  certificateInputSchema
    .safeParse({ slot: "1", imageUrl: "/uploads/c.webp", ...values })
    .error?.issues.map((i) => i.message) ?? [];

describe("admin certificates", () => {
  it("has two slots only and needs an image", () => {
    for (const slot of ["0", "3", "", "x"])
      expect(messages({ slot }), slot).toEqual(["Choose certificate 1 or 2"]);
    expect(messages({ imageUrl: "" })).toEqual(["Choose an image for the certificate"]);
    expect(messages({ imageUrl: "javascript:alert(1)" })).toEqual([
      "Enter a URL starting with / or https://",
    ]);
  });

  it("fills a slot, replaces its image in place, and empties it", async () => {
    const db = database.db;
    const first = await saveCertificate(
      db,
      certificateInputSchema.parse({ slot: "2", imageUrl: "/uploads/a.webp" }),
    );
    expect(first).toMatchObject({ displayOrder: 2, title: "Certificate 2", active: true });
    const replaced = await saveCertificate(db, { slot: 2, imageUrl: "/uploads/b.webp" });
    expect(replaced).toMatchObject({ id: first.id, imageUrl: "/uploads/b.webp" });
    await saveCertificate(db, { slot: 1, imageUrl: "/uploads/c.webp" });
    expect((await listAdminCertificates(db)).map((c) => c.displayOrder)).toEqual([1, 2]);
    expect((await loadHomeContent(db)).certificates.map((c) => c.imageUrl)).toEqual([
      "/uploads/c.webp",
      "/uploads/b.webp",
    ]);

    expect(await deleteCertificate(db, 2)).toBe(true);
    expect(await deleteCertificate(db, 2)).toBe(false);
    expect((await loadHomeContent(db)).certificates.map((c) => c.displayOrder)).toEqual([1]);
  });
});
