import { and, asc, eq, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import { createTransport, type Transporter } from "nodemailer";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import { renderMail } from "./render.ts";
import type { MailTemplateName, MailTemplateProps } from "./templates/index.ts";

export type MailMessage<T extends MailTemplateName = MailTemplateName> = {
  to: string;
  subject: string;
  template: T;
  props: MailTemplateProps<T>;
  /** A message with a key is stored at most once: a second send with the same key is a no-op. */
  dedupeKey?: string;
  /** Extra SMTP headers, e.g. List-Unsubscribe on marketing mail (RFC 8058). */
  headers?: Record<string, string>;
};

export type MailerOptions = {
  db: Db;
  log: Logger;
  from: string;
  /** Without it every message is only kept in the outbox (status 'stored'). */
  smtpUrl?: string;
  /** The shop's own address (SHOP_INBOX): new-order notifications go there. */
  shopInbox?: string;
  /** The shop's public origin (PUBLIC_URL): links in emails are absolute from it. */
  publicUrl?: string;
  /** AUTH_SECRET (or the generated one): signs the unsubscribe links of marketing email. */
  linkSecret?: string;
  /** Delay before the first retry; doubles with each failed attempt (capped at one hour). */
  retryBaseMs?: number;
  /** After this many failed attempts a message is marked 'failed' for good. */
  maxAttempts?: number;
};

export type Mailer = ReturnType<typeof createMailer>;

const MAX_BACKOFF_MS = 60 * 60 * 1000;

type StoredMessage = { id: string; template: string; props: unknown };
type ClaimedMessage = typeof mailOutbox.$inferSelect;

/** The template and props of a message not rendered yet; null when it is rendered (or unknown). */
async function unrenderedSource(db: Db, id: string): Promise<Omit<StoredMessage, "id"> | null> {
  const [row] = await db
    .select({ template: mailOutbox.template, props: mailOutbox.props })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.html)));
  return row ?? null;
}

/** The message already stored under a dedupe key (a send that found it there stores nothing). */
async function existingId(db: Db, dedupeKey: string | undefined): Promise<string> {
  const [row] = dedupeKey
    ? await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey))
    : [];
  if (!row) throw new Error("mail outbox insert stored nothing");
  return row.id;
}

/** Renders a stored row's bodies and keeps them on the row (first writer wins). */
export async function renderRow(db: Db, row: StoredMessage) {
  const rendered = await renderMail(row.template as MailTemplateName, row.props as MailMessage["props"]);
  await db
    .update(mailOutbox)
    .set(rendered)
    .where(and(eq(mailOutbox.id, row.id), isNull(mailOutbox.html)));
  return rendered;
}

/**
 * The one way the shop sends mail. Every message is written to the outbox first (template and
 * props: one cheap insert); it is rendered after the caller's request has been answered and, with
 * SMTP, delivered in the background, retried with backoff, and the row records each outcome.
 * Delivery claims rows with FOR UPDATE SKIP LOCKED and pushes their next_attempt_at forward, so
 * several app instances never send the same message twice. A message whose rendering was cut short (a crash, a
 * restart) is rendered by the background loop or when it is read or delivered.
 */
export function createMailer({
  db,
  log,
  from,
  smtpUrl,
  shopInbox,
  publicUrl = "",
  linkSecret,
  retryBaseMs = 30_000,
  maxAttempts = 5,
}: MailerOptions) {
  const transport: Transporter | undefined = smtpUrl ? createTransport(smtpUrl) : undefined;
  const inFlight = new Set<Promise<unknown>>();

  const track = <T>(work: Promise<T>) => {
    inFlight.add(work);
    // Forgetting it must not leave a second, unhandled rejection (it would end the process).
    const forget = () => inFlight.delete(work);
    work.then(forget, forget);
    return work;
  };

  const backoff = (attempts: number) =>
    Math.min(retryBaseMs * 2 ** Math.max(attempts - 1, 0), MAX_BACKOFF_MS);

  /** Stores the rendered bodies of a message not rendered yet (a no-op when it already is). */
  async function renderStored(id: string, message?: Pick<MailMessage, "template" | "props">) {
    const source = message ?? (await unrenderedSource(db, id));
    if (source) await renderRow(db, { id, ...source });
  }

  /** Renders (and with SMTP delivers) a message just stored, once the current request has been answered. */
  async function finish(id: string, message: MailMessage) {
    await new Promise((resolve) => setImmediate(resolve));
    await renderStored(id, message);
    if (transport) await deliver(id);
  }

  /** Renders messages left unrendered (the process stopped before it got to them); returns how many. */
  async function renderLeftOver(limit = 20): Promise<number> {
    const rows = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(isNull(mailOutbox.html))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(limit);
    for (const { id } of rows) {
      // One message that cannot be rendered must not hold up the others (or delivery).
      await track(renderStored(id)).catch((error) =>
        log.error({ err: error, mailId: id }, "mail rendering failed"),
      );
    }
    return rows.length;
  }

  const inMs = (ms: SQL | number) => sql`now() + ${ms} * interval '1 millisecond'`;

  /**
   * Claims due pending messages (all of them up to `limit`, or the one given) for one delivery
   * attempt each: a single statement locks them with FOR UPDATE SKIP LOCKED and pushes their
   * next_attempt_at to this attempt's retry time, which is their lease. Several instances polling
   * at once therefore never claim the same message; PostgreSQL's clock decides what is due.
   */
  async function claimDue(limit: number, id?: string) {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, "pending"),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          id ? eq(mailOutbox.id, id) : undefined,
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: inMs(sql`least(${retryBaseMs} * power(2, ${mailOutbox.attempts}), ${MAX_BACKOFF_MS})`),
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  /** One delivery attempt of a claimed message; the row records the outcome. */
  async function attempt(row: ClaimedMessage) {
    try {
      const { html, text } =
        row.html === null ? await renderRow(db, row) : { html: row.html, text: row.text };
      await transport!.sendMail({
        from,
        to: row.to,
        subject: row.subject,
        html,
        text: text ?? undefined,
        headers: row.headers ?? undefined,
      });
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null, nextAttemptAt: null })
        .where(eq(mailOutbox.id, row.id));
      log.info({ mailId: row.id, to: row.to, attempts: row.attempts }, "mail sent");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= maxAttempts;
      await db
        .update(mailOutbox)
        .set({
          lastError: message.slice(0, 1000),
          ...(giveUp
            ? { status: "failed" as const, nextAttemptAt: null }
            : { nextAttemptAt: inMs(backoff(row.attempts)) }),
        })
        .where(eq(mailOutbox.id, row.id));
      log.warn(
        { mailId: row.id, to: row.to, attempts: row.attempts, giveUp, err: message },
        "mail delivery failed",
      );
    }
  }

  /** One delivery attempt for a message, if it is still pending and due (false when not claimed). */
  async function deliver(id: string): Promise<boolean> {
    if (!transport) return false;
    const [row] = await claimDue(1, id);
    if (!row) return false;
    await attempt(row);
    return true;
  }

  /** Attempts every pending message whose time has come; returns how many were attempted. */
  async function deliverDue(limit = 20): Promise<number> {
    if (!transport) return 0;
    const claimed = await claimDue(limit);
    for (const row of claimed) await track(attempt(row));
    return claimed.length;
  }

  return {
    /** Whether messages leave the shop (SMTP) or only stay in the outbox. */
    delivers: Boolean(transport),

    /** Where notifications for the shop itself go (SHOP_INBOX), when configured. */
    shopInbox,
    /** Where emailed links point ("" in tests that never render links). */
    publicUrl,
    /** Signs emailed links (unsubscribe); marketing email is refused without it. */
    linkSecret,

    /**
     * Stores the message and returns its outbox id at once; rendering and SMTP delivery (if
     * configured) run afterwards in the background and their failure never reaches the caller.
     */
    async send<T extends MailTemplateName>(message: MailMessage<T>): Promise<string> {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          template: message.template,
          props: message.props,
          status: transport ? "pending" : "stored",
          nextAttemptAt: transport ? new Date() : null,
          dedupeKey: message.dedupeKey,
          headers: message.headers,
        })
        .onConflictDoNothing()
        .returning({ id: mailOutbox.id });
      if (!row) return existingId(db, message.dedupeKey);
      const id = row.id;
      log.info(
        { mailId: id, to: message.to, subject: message.subject, smtp: Boolean(transport) },
        "mail queued",
      );
      void track(finish(id, message as MailMessage)).catch((error) =>
        log.error({ err: error, mailId: id }, "mail rendering or delivery crashed"),
      );
      return id;
    },

    deliverDue,
    renderLeftOver,

    /** Waits for deliveries under way and closes the SMTP connection (graceful shutdown). */
    async stop() {
      await Promise.allSettled([...inFlight]);
      transport?.close();
    },

    /** Waits until every render and delivery started so far has finished (tests). */
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
