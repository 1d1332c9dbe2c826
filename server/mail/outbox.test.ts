import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { mailOutbox } from "../db/schema/index.ts";
import { getOutboxMessage, listOutbox } from "./outbox.ts";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const base = Date.parse("2026-01-01T00:00:00Z");
  await database.db.insert(mailOutbox).values(
    Array.from({ length: 7 }, (_, i) => ({
      to: i % 2 === 0 ? "Even@Example.com" : "odd@example.com",
      subject: `Message ${i}`,
      html: `<p>${i}</p>`,
      text: `${i}`,
      template: "verify-email",
      status: "stored" as const,
      createdAt: new Date(base + i * 60_000),
    })),
  );
});
afterAll(() => database.destroy());

describe("listOutbox", () => {
  it("pages through the outbox newest first", async () => {
    const first = await listOutbox(database.db, { page: 1, perPage: 3 });
    expect(first.rows.map((r) => r.subject)).toEqual(["Message 6", "Message 5", "Message 4"]);
    expect(first).toMatchObject({ totalCount: 7, totalPages: 3 });
    const last = await listOutbox(database.db, { page: 3, perPage: 3 });
    expect(last.rows.map((r) => r.subject)).toEqual(["Message 0"]);
  });

  it("filters by recipient, ignoring case", async () => {
    const even = await listOutbox(database.db, { page: 1, perPage: 10, to: " even@example.COM " });
    expect(even.rows.map((r) => r.subject)).toEqual(["Message 6", "Message 4", "Message 2", "Message 0"]);
    expect(even.totalCount).toBe(4);
  });

  it("finds one message with its bodies", async () => {
    const [row] = (await listOutbox(database.db, { page: 1, perPage: 1 })).rows;
    expect(await getOutboxMessage(database.db, row!.id)).toMatchObject({
      subject: "Message 6",
      html: "<p>6</p>",
    });
    expect(await getOutboxMessage(database.db, crypto.randomUUID())).toBeNull();
  });
});
