import { and, desc, isNotNull, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { mailOutbox } from "../../server/db/schema/index.ts";
import type { E2E } from "./browser.ts";

/** The admin the browser tests start the app with, to read the outbox at /admin/emails. */
export const mailReader = { email: "mail-reader@example.com", password: "mail-reader-pass" };
export const mailReaderEnv = { ADMIN_EMAIL: mailReader.email, ADMIN_PASSWORD: mailReader.password };

export type OutboxMail = { subject: string; text: string };

/**
 * The newest email to `address` (optionally with this subject), waiting for it to arrive.
 * On PostgreSQL it reads the outbox table; on PGlite (only the server may open the database) it
 * reads /admin/emails as the admin from `mailReaderEnv`, which the app must be started with.
 */
export async function latestEmailTo(e2e: E2E, address: string, subject?: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = e2e.app.database
          ? await fromDatabase(e2e, address, subject)
          : await fromAdminPage(e2e, address, subject);
        return found !== undefined;
      },
      { timeout: 10_000, interval: 250 },
    )
    .toBe(true);
  return found!;
}

/** The first link in a message's text that contains `part` (e.g. "/verify-email", "mode=reset"). */
export function linkIn(mail: OutboxMail, part: string): string {
  const link = mail.text.match(/https?:\/\/[^\s)\]]+/g)?.find((url) => url.includes(part));
  if (!link) throw new Error(`no link containing ${part} in:\n${mail.text}`);
  return link;
}

async function fromDatabase(e2e: E2E, address: string, subject?: string) {
  const [row] = await e2e.app
    .database!.db.select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(
      and(
        sql`lower(${mailOutbox.to}) = ${address.toLowerCase()}`,
        subject ? sql`${mailOutbox.subject} = ${subject}` : undefined,
        // Rendered after the request that sent it has been answered.
        isNotNull(mailOutbox.text),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return row && { subject: row.subject, text: row.text ?? "" };
}

const readerPages = new WeakMap<E2E, Promise<Page>>();

function readerPage(e2e: E2E): Promise<Page> {
  let page = readerPages.get(e2e);
  if (!page) {
    page = (async () => {
      const context = await e2e.browser.newContext({ baseURL: e2e.app.url });
      const response = await context.request.post("/api/auth/sign-in/email", {
        data: mailReader,
        headers: { origin: e2e.app.url },
      });
      if (!response.ok()) throw new Error(`mail reader could not sign in: ${await response.text()}`);
      return context.newPage();
    })();
    readerPages.set(e2e, page);
  }
  return page;
}

async function fromAdminPage(e2e: E2E, address: string, subject?: string) {
  const page = await readerPage(e2e);
  await page.goto(`/admin/emails?${new URLSearchParams({ to: address })}`);
  const rows = page.getByRole("row").filter({ hasText: address });
  const row = subject ? rows.filter({ has: page.getByRole("link", { name: subject, exact: true }) }) : rows;
  if ((await row.count()) === 0) return undefined;
  const link = row.first().getByRole("link");
  const linkSubject = await link.innerText();
  await link.click();
  const text = await page.getByRole("region", { name: "Plain text" }).locator("pre").innerText();
  return { subject: linkSubject, text };
}
