import { describe, expect, it } from "vitest";
import {
  NEWS_CONSENT_LABEL,
  NEWSLETTER_CHECK_INBOX,
  NEWSLETTER_FORM_LABEL,
  OPT_IN_EMAIL,
} from "../../core/legal/marketing.ts";
import { signLinkToken } from "../../server/marketing/links.ts";
import { setupE2E } from "../support/browser.ts";
import { signInAsAdmin } from "../support/e2e-helpers.ts";
import { latestEmailTo, linkIn, mailReader, mailReaderEnv } from "../support/mail.ts";

/**
 * The newsletter end to end (decision 048): the footer form sends a confirmation email whose link
 * subscribes (after its button: opening a link changes nothing); a mail client's one-click POST
 * unsubscribes at once; ticking the box at sign-up sends the same opt-in email.
 */
const AUTH_SECRET = "newsletter-e2e-secret-0123456789abcdefgh";
const e2e = setupE2E({ seed: "none", env: { ...mailReaderEnv, AUTH_SECRET } });

const pathOf = (url: string) => new URL(url).pathname;

describe("newsletter", () => {
  it("footer form → confirmation link → subscribed; one-click POST → unsubscribed at once", async () => {
    const reader = "footer-reader@example.com";
    const page = await e2e.newPage();
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel(NEWSLETTER_FORM_LABEL).fill(reader);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText(NEWSLETTER_CHECK_INBOX).waitFor();

    const mail = await latestEmailTo(e2e, reader, OPT_IN_EMAIL.subject);
    await page.goto(pathOf(linkIn(mail, "/newsletter/confirm/")));
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await page.getByRole("heading", { name: "You are subscribed" }).waitFor();

    const admin = await e2e.newPage();
    await signInAsAdmin(admin, `/admin/subscribers?q=${reader}`, mailReader);
    const row = admin.getByRole("row").filter({ hasText: reader });
    await row.getByRole("cell", { name: "subscribed", exact: true }).waitFor();
    await row.getByRole("cell", { name: "footer", exact: true }).waitFor();

    // What a mail client does with List-Unsubscribe-Post: no cookies, no page, one POST.
    const oneClick = `/unsubscribe/${signLinkToken(AUTH_SECRET, "unsubscribe", reader, 365)}`;
    const response = await page.request.post(oneClick, { form: { "List-Unsubscribe": "One-Click" } });
    expect(response.status()).toBe(200);
    await admin.reload();
    await row.getByRole("cell", { name: "unsubscribed", exact: true }).waitFor();
  });

  it("sign-up with the box ticked sends the opt-in email", async () => {
    const email = "signs-up-for-news@example.com";
    const page = await e2e.newPage();
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.getByLabel("Full Name").fill("Nora News");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password").fill("news-and-offers");
    const box = page.getByRole("checkbox", { name: NEWS_CONSENT_LABEL });
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.getByRole("status").getByText("Please check your email to verify your account.").waitFor();

    const mail = await latestEmailTo(e2e, email, OPT_IN_EMAIL.subject);
    await page.goto(pathOf(linkIn(mail, "/newsletter/confirm/")));
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await page.getByRole("heading", { name: "You are subscribed" }).waitFor();
  });
});
