import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import type { Db } from "../../server/db/client.ts";

/** Waits until React has hydrated the page (event handlers and effects are live). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const el = document.querySelector("main");
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
  });
}

/**
 * Holds the page's data reloads (React Router's GET `*.data` requests) until `release()`. After a
 * refused form React Router shows the errors at once and moves to the new history entry only when
 * its reload is in: holding it opens that moment to a test.
 */
export async function holdDataReloads(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      if (route.request().method() === "GET") await held;
      await route.continue();
    },
  );
  return { release };
}

/** The router's key of the current history entry (changes when a navigation completes). */
export function historyKey(page: Page) {
  return page.evaluate(() => (history.state as { key?: string } | null)?.key);
}

/** The content of a <meta name|property> tag, or null. */
export function metaContent(page: Page, key: string) {
  return page
    .locator(`meta[name="${key}"], meta[property="${key}"]`)
    .first()
    .getAttribute("content", { timeout: 2000 })
    .catch(() => null);
}

/**
 * Makes inserts into `table` fail when `condition` (SQL on NEW) holds: lets browser tests see how
 * a page reports a database failure, on PGlite and PostgreSQL alike.
 */
export async function failInsertsWhen(db: Db, table: string, condition: string) {
  await db.execute(
    sql.raw(`create or replace function test_fail_insert() returns trigger language plpgsql as $$
      begin raise exception 'injected test failure'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger test_fail_${table} before insert on ${table} for each row
      when (${condition}) execute function test_fail_insert()`),
  );
}

/**
 * Makes reads of `table` fail for rows where `condition` (SQL on the row) holds: the table moves
 * to `<table>_stored` behind a view of the same name that raises on those rows. Writes still go
 * through (the view is a simple one), so the rest of the app keeps working.
 */
export async function failReadsWhen(db: Db, table: string, condition: string) {
  await db.execute(
    sql.raw(`create or replace function test_fail_read(fail boolean) returns boolean language plpgsql as $$
      begin if fail then raise exception 'injected test failure'; end if; return true; end $$`),
  );
  await db.execute(sql.raw(`alter table ${table} rename to ${table}_stored`));
  await db.execute(
    sql.raw(`create view ${table} as select * from ${table}_stored where test_fail_read(${condition})`),
  );
}
