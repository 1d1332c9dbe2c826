import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { brand } from "~core/brand.ts";
import { contactMessages, mailOutbox } from "../../server/db/schema/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { MINUTE_LIMIT_MESSAGE } from "../support/e2e-helpers.ts";
import { failInsertsWhen, historyKey, holdDataReloads, waitForHydration } from "../support/page.ts";

// Messages containing FAIL-STORE cannot be stored (a database failure).
const e2e = setupE2E({
  // The tests act as several clients through X-Forwarded-For, as behind a proxy.
  prepare: (db) => failInsertsWhen(db, "contact_messages", "new.message like '%FAIL-STORE%'"),
  env: { SHOP_INBOX: "inbox@peak.example", TRUST_PROXY: "true" },
});

async function openContact() {
  const page = await e2e.newPage();
  await page.goto("/contact");
  await waitForHydration(page);
  const field = (name: string) => page.getByRole("textbox", { name });
  const fields = {
    name: field("Name"),
    email: field("Email"),
    phone: field("Phone"),
    message: field("Message"),
  };
  /** Types a whole message into the form. */
  const fill = async (values: Record<keyof typeof fields, string>) => {
    for (const key of Object.keys(fields) as (keyof typeof fields)[]) await fields[key].fill(values[key]);
  };
  return { page, ...fields, fill, send: page.getByRole("button", { name: "Send Message" }) };
}

/** A visitor's question, sent with a mistyped email in the refusal tests. */
const jordan = {
  name: "Jordan Miles",
  email: "jordan@example.com",
  phone: "+1 214 555 0142",
  message: "Do you ship to Canada?",
};

describe("/contact", () => {
  it("shows the form, contact info and business hours", async () => {
    const { page } = await openContact();
    await page.getByRole("heading", { level: 1, name: "Contact Us" }).waitFor();
    const text = await page.getByRole("main").innerText();
    expect(text).toContain("USA, Dallas, Texas");
    expect(text).toContain(brand.supportEmail);
    await page.getByRole("heading", { name: "Business Hours" }).waitFor();
    expect(text).toMatch(/Monday - Friday\s+9:00 AM - 5:00 PM/);
    expect(text).toMatch(/Saturday\s+10:00 AM - 2:00 PM/);
    expect(text).toMatch(/Sunday\s+Closed/);
    await expectNoSeriousA11yViolations(page);
  });

  it("requires every field and a valid email, checked on the server, keeping what was typed", async () => {
    const { page, name, phone, message, send, fill } = await openContact();
    await send.click();
    for (const error of [
      "Please enter your name",
      "Please enter your email",
      "Please enter your phone number",
      "Please enter a message",
    ]) {
      await page.getByText(error).waitFor();
    }
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    await fill({ ...jordan, email: "jordan-at-example.com", phone: "🙂🙂🙂" });
    await send.click();
    await page.getByText("Please enter a valid email address").waitFor();
    await page.getByText("Please enter a valid phone number (digits, spaces, +, -, parentheses).").waitFor();
    expect(await phone.inputValue()).toBe("🙂🙂🙂");
    expect(await page.getByText("Please enter your name").count()).toBe(0);
    expect(await name.inputValue()).toBe("Jordan Miles");
    expect(await message.inputValue()).toBe("Do you ship to Canada?");
    await expectNoSeriousA11yViolations(page, "contact form with errors");
  });

  it("keeps a correction typed while the page still reloads after a refusal", async () => {
    const { page, email, send, fill } = await openContact();
    const reloads = await holdDataReloads(page);
    const refusedAt = await historyKey(page);
    await fill({ ...jordan, email: "jordan@" });
    await send.click();
    await page.getByText("Please enter a valid email address").waitFor();
    await email.fill(jordan.email);
    reloads.release();
    await expect.poll(() => historyKey(page)).not.toBe(refusedAt);
    expect(await email.inputValue()).toBe(jordan.email);
  });

  it("sends a valid message: success toast, empty form, message stored and the inbox notified", async () => {
    const { page, name, send, fill } = await openContact();
    await fill({
      name: "Avery Stone",
      email: "avery@example.com",
      phone: "+1 972 555 0100",
      message: "How long does a 30g jar last?",
    });
    await send.click();
    await page.getByText("Message Sent!").waitFor();
    await page.getByText("Thank you for contacting us. We will get back to you soon.").waitFor();
    await expect.poll(() => name.inputValue()).toBe("");
    const db = e2e.app.database?.db;
    if (db) {
      // Only on PostgreSQL can the test read the running app's database.
      const [stored] = await db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt))
        .limit(1);
      expect(stored).toMatchObject({
        name: "Avery Stone",
        email: "avery@example.com",
        message: "How long does a 30g jar last?",
      });
      const [mail] = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(1);
      expect(mail).toMatchObject({ to: "inbox@peak.example", template: "contact-notification" });
    }
  });

  it("shows the failure toast and keeps the message when it cannot be stored", async () => {
    const { page, message, send, fill } = await openContact();
    await fill({
      name: "Riley Fox",
      email: "riley@example.com",
      phone: "555-0101",
      message: "Please FAIL-STORE this one",
    });
    await send.click();
    await page.getByText("Failed to send message").waitFor();
    await page
      .getByRole("alert")
      .getByText("There was a problem sending your message. Please try again later.")
      .waitFor();
    expect(await message.inputValue()).toBe("Please FAIL-STORE this one");
  });

  it("rate limits messages per client", async () => {
    const post = () =>
      fetch(`${e2e.app.url}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "x-forwarded-for": "203.0.113.77",
          "content-type": "application/x-www-form-urlencoded",
          origin: e2e.app.url,
        },
        body: new URLSearchParams({
          name: "Bot",
          email: "bot@example.com",
          phone: "555-0101",
          message: "spam",
        }),
      });
    for (let i = 0; i < 3; i++) expect((await post()).status).toBe(302);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(await limited.text()).toMatch(MINUTE_LIMIT_MESSAGE);
  });
});

describe("/about", () => {
  it("tells the brand story with links to products and contact", async () => {
    const page = await e2e.newPage("mobile");
    await page.goto("/about");
    await page.getByRole("heading", { level: 1, name: "About Us" }).waitFor();
    const main = page.getByRole("main");
    expect(await main.getByRole("link", { name: "Shop Our Products" }).getAttribute("href")).toBe(
      "/products",
    );
    expect(await main.getByRole("link", { name: "Contact Us" }).getAttribute("href")).toBe("/contact");
    const text = await main.innerText();
    for (const claim of ["10,000", "16,000 feet", "300-500mg", "24/7"]) expect(text).toContain(claim);
    await expectNoSeriousA11yViolations(page);
  });
});
