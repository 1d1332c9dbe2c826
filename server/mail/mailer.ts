import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
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
};

export type MailerOptions = {
  db: Db;
  log: Logger;
  from: string;
  /** Without it every message is only kept in the outbox (status 'stored'). */
  smtpUrl?: string;
  /** Delay before the first retry; doubles with each failed attempt (capped at one hour). */
  retryBaseMs?: number;
  /** After this many failed attempts a message is marked 'failed' for good. */
  maxAttempts?: number;
  /** How often the background loop looks for messages due for (re)delivery. */
  pollMs?: number;
};

export type Mailer = ReturnType<typeof createMailer>;

const MAX_BACKOFF_MS = 60 * 60 * 1000;

type StoredMessage = { id: string; template: string; props: unknown };

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
 * Delivery claims a row by pushing its next_attempt_at forward, so several app instances never
 * send the same message twice at once. A message whose rendering was cut short (a crash, a
 * restart) is rendered by the background loop or when it is read or delivered.
 */
export function createMailer({
  db,
  log,
  from,
  smtpUrl,
  retryBaseMs = 30_000,
  maxAttempts = 5,
  pollMs = 15_000,
}: MailerOptions) {
  const transport: Transporter | undefined = smtpUrl ? createTransport(smtpUrl) : undefined;
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;

  const track = <T>(work: Promise<T>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
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

  /** One delivery attempt for a row, if it is still pending and due (returns false when not claimed). */
  async function deliver(id: string): Promise<boolean> {
    if (!transport) return false;
    const now = new Date();
    const [row] = await db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        // Lease: nobody else picks it up until the retry time of this attempt.
        nextAttemptAt: sql`now() + least(${retryBaseMs} * power(2, ${mailOutbox.attempts}), ${MAX_BACKOFF_MS}) * interval '1 millisecond'`,
      })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
      .returning();
    if (!row) return false;
    try {
      const { html, text } =
        row.html === null ? await renderRow(db, row) : { html: row.html, text: row.text };
      await transport.sendMail({ from, to: row.to, subject: row.subject, html, text: text ?? undefined });
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null, nextAttemptAt: null })
        .where(eq(mailOutbox.id, id));
      log.info({ mailId: id, to: row.to, attempts: row.attempts }, "mail sent");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= maxAttempts;
      await db
        .update(mailOutbox)
        .set({
          lastError: message.slice(0, 1000),
          ...(giveUp
            ? { status: "failed" as const, nextAttemptAt: null }
            : { nextAttemptAt: new Date(Date.now() + backoff(row.attempts)) }),
        })
        .where(eq(mailOutbox.id, id));
      log.warn(
        { mailId: id, to: row.to, attempts: row.attempts, giveUp, err: message },
        "mail delivery failed",
      );
    }
    return true;
  }

  /** Attempts every pending message whose time has come; returns how many were attempted. */
  async function deliverDue(limit = 20): Promise<number> {
    if (!transport) return 0;
    const due = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, new Date())))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit);
    let attempted = 0;
    for (const { id } of due) if (await track(deliver(id))) attempted++;
    return attempted;
  }

  return {
    /** Whether messages leave the shop (SMTP) or only stay in the outbox. */
    delivers: Boolean(transport),

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

    /** Starts the background loop (server process only): left-over renders and delivery retries. */
    start() {
      if (timer) return;
      timer = setInterval(() => {
        void renderLeftOver()
          .catch((error) => log.error({ err: error }, "mail render loop failed"))
          .then(() => deliverDue())
          .catch((error) => log.error({ err: error }, "mail retry loop failed"));
      }, pollMs);
      timer.unref();
    },

    /** Stops the loop and waits for deliveries under way (graceful shutdown). */
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await Promise.allSettled([...inFlight]);
      transport?.close();
    },

    /** Waits until every render and delivery started so far has finished (tests). */
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
