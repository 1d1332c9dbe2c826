import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth } from "../../tests/support/auth.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { contactMessages, mailOutbox } from "../db/schema/index.ts";
import { contactSchema, submitContactMessage } from "./contact.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const valid = {
  name: "Jordan <b>Miles</b>",
  email: "jordan@example.com",
  phone: "+1 214 555 0142",
  message: "Hi!\nDo you ship to Canada?",
};

describe("contactSchema", () => {
  it("requires every field and a valid email", () => {
    const result = contactSchema.safeParse({ name: " ", email: "not-an-email", phone: "", message: "" });
    expect(result.success).toBe(false);
    const errors = result.error!.issues.map((i) => [i.path[0], i.message]);
    expect(errors).toEqual([
      ["name", "Please enter your name"],
      ["email", "Please enter a valid email address"],
      ["phone", "Please enter your phone number"],
      ["message", "Please enter a message"],
    ]);
    const emoji = contactSchema.safeParse({ ...valid, phone: "🙂🙂🙂" });
    expect(emoji.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["phone", "Please enter a valid phone number (digits, spaces, +, -, parentheses)."],
    ]);
    expect(contactSchema.parse({ ...valid, email: "  jordan@example.com " }).email).toBe(
      "jordan@example.com",
    );
  });
});

describe("submitContactMessage", () => {
  it("stores the message and queues an escaped notification for the shop inbox", async () => {
    const { db } = database;
    const { mailer } = createTestAuth(db);
    const inbox = "inbox@shop.example";
    const message = await submitContactMessage(
      db,
      { mailer, log: pino({ level: "silent" }), inbox },
      contactSchema.parse(valid),
    );
    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(stored).toMatchObject(valid);
    await mailer.idle(); // the bodies are rendered after the sender has been answered
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "inbox@shop.example"));
    expect(mail).toMatchObject({ status: "stored", template: "contact-notification" });
    expect(mail!.subject).toBe("New contact message from Jordan <b>Miles</b>");
    expect(mail!.text).toContain("jordan@example.com");
    expect(mail!.text).toContain("Do you ship to Canada?");
    expect(mail!.html).toMatch(/Jordan &lt;b&gt;Miles&lt;\/b&gt;/);
    expect(mail!.html).not.toContain("<b>");
  });
});
