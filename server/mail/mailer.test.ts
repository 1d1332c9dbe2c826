import { eq, like } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { startSmtpServer, type TestSmtpServer } from "../../tests/support/smtp.ts";
import { mailOutbox } from "../db/schema/index.ts";
import { createMailer } from "./mailer.ts";
import { getOutboxMessage } from "./outbox.ts";

const log = pino({ level: "silent" });
const from = "Peak Shilajit <orders@shop.test>";
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const outboxRow = async (id: string) =>
  (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe("mailer without SMTP", () => {
  it("keeps the rendered message (HTML and plain text) in the outbox as 'stored'", async () => {
    const mailer = createMailer({ db: database.db, log, from });
    const id = await mailer.send({
      to: "reader@example.com",
      subject: "Verify your email address",
      template: "reset-password",
      props: { name: "Ada", url: "https://shop.test/verify?token=abc" },
    });
    await mailer.idle();
    const row = await outboxRow(id);
    expect(row).toMatchObject({
      to: "reader@example.com",
      status: "stored",
      template: "reset-password",
      attempts: 0,
    });
    expect(row.html).toContain("<html");
    expect(row.html).toContain("https://shop.test/verify?token=abc");
    expect(row.html).toContain("Peak Shilajit");
    expect(row.text).toContain("Hi Ada");
    expect(row.text).toContain("https://shop.test/verify?token=abc");
    expect(row.text).not.toContain("<");
  });
});

describe("mailer rendering after the request", () => {
  it("stores template and props at once and renders the bodies in the background", async () => {
    const mailer = createMailer({ db: database.db, log, from });
    const id = await mailer.send({
      to: "later@example.com",
      subject: "Verify your email address",
      template: "reset-password",
      props: { name: "Lin", url: "https://shop.test/verify?token=later" },
    });
    // The caller is answered before the (CPU-heavy) React render runs.
    expect(await outboxRow(id)).toMatchObject({
      html: null,
      text: null,
      props: { name: "Lin", url: "https://shop.test/verify?token=later" },
    });
    await mailer.idle();
    const row = await outboxRow(id);
    expect(row.html).toContain("https://shop.test/verify?token=later");
    expect(row.text).toContain("Hi Lin");
    expect(row.text).not.toContain("<");
  });

  it("renders a message left unrendered by a stopped process, in the loop or when it is read", async () => {
    const leftOver = async (name: string) => {
      const [row] = await database.db
        .insert(mailOutbox)
        .values({
          to: `${name.toLowerCase()}@example.com`,
          subject: "Verify your email address",
          template: "reset-password",
          props: { name, url: `https://shop.test/verify?token=${name}` },
          status: "stored",
        })
        .returning({ id: mailOutbox.id });
      return row!.id;
    };
    const looped = await leftOver("Looped");
    const read = await leftOver("Read");
    const mailer = createMailer({ db: database.db, log, from });
    expect(await mailer.renderLeftOver(100)).toBeGreaterThanOrEqual(1);
    expect((await outboxRow(looped)).text).toContain("Hi Looped");

    await database.db.update(mailOutbox).set({ html: null, text: null }).where(eq(mailOutbox.id, read));
    const message = await getOutboxMessage(database.db, read);
    expect(message?.html).toContain("token=Read");
    expect((await outboxRow(read)).text).toContain("Hi Read");
  });
});

describe("mailer with SMTP", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it("delivers in the background and records the message as sent", async () => {
    const mailer = createMailer({ db: database.db, log, from, smtpUrl: smtp.url });
    const id = await mailer.send({
      to: "buyer@example.com",
      subject: "Reset your password",
      template: "reset-password",
      props: { name: "Grace", url: "https://shop.test/auth?mode=reset&token=t1" },
    });
    await mailer.idle();
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    const mail = smtp.received.find((m) => m.to.includes("buyer@example.com"))!;
    expect(mail.from).toBe("orders@shop.test");
    expect(mail.raw).toContain("Subject: Reset your password");
    expect(mail.raw).toContain("text/html");
    expect(mail.raw).toContain("text/plain");
    await mailer.stop();
  });
});

describe("mailer with a failing SMTP server", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: true });
  });
  afterAll(() => smtp.close());

  it("returns at once, retries with backoff, records each error and finally gives up", async () => {
    const mailer = createMailer({
      db: database.db,
      log,
      from,
      smtpUrl: smtp.url,
      // Long enough that a loaded machine does not reach the first retry before the check below.
      retryBaseMs: 300,
      maxAttempts: 3,
    });
    const id = await mailer.send({
      to: "down@example.com",
      subject: "New contact message",
      template: "contact-notification",
      props: { name: "Lin", email: "lin@example.com", phone: "555-0100", message: "Hello" },
    });
    // The caller got its id back before any delivery finished: the request is never held up.
    expect((await outboxRow(id)).status).toBe("pending");
    await mailer.idle();

    let row = await outboxRow(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toContain("Mailbox temporarily unavailable");
    expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() - 5);

    // Not due yet: nothing is attempted before the backoff has passed.
    expect(await mailer.deliverDue()).toBe(0);

    // Once the backoff has passed, the retry loop tries again, until maxAttempts.
    await expect
      .poll(
        async () => {
          await mailer.deliverDue();
          return (await outboxRow(id)).status;
        },
        { timeout: 5000 },
      )
      .toBe("failed");
    row = await outboxRow(id);
    expect(row.attempts).toBe(3);
    expect(row.lastError).toContain("451");
    expect(smtp.attempts()).toBe(3);
    // A failed message is not retried any more.
    expect(await mailer.deliverDue()).toBe(0);
    await mailer.stop();
  });
});

describe("mailer on several instances", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it("delivers each due message once when two instances poll the outbox at the same time", async () => {
    const recipients = Array.from({ length: 30 }, (_, i) => `twice-${i}@example.com`);
    await database.db.insert(mailOutbox).values(
      recipients.map((to) => ({
        to,
        subject: "Your order",
        template: "reset-password",
        props: { name: "Twin", url: "https://shop.test/verify?token=twin" },
        status: "pending" as const,
        nextAttemptAt: new Date(Date.now() - 1000),
      })),
    );
    const instances = [1, 2].map(() => createMailer({ db: database.db, log, from, smtpUrl: smtp.url }));
    await Promise.all(
      instances.flatMap((mailer) => [mailer.deliverDue(10), mailer.deliverDue(10), mailer.deliverDue(10)]),
    );
    await Promise.all(instances.map((mailer) => mailer.deliverDue(50)));
    const rows = await database.db.select().from(mailOutbox).where(like(mailOutbox.to, "twice-%"));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(recipients.map(() => ["sent", 1]));
    const received = smtp.received.flatMap((m) => m.to).filter((to) => to.startsWith("twice-"));
    expect(received.sort()).toEqual([...recipients].sort());
    await Promise.all(instances.map((mailer) => mailer.stop()));
  });
});
