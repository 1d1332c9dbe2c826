import { and, asc, eq, lte, sql } from "drizzle-orm";
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

/**
 * The one way the shop sends mail. Every message is rendered and written to the outbox first;
 * with SMTP it is then delivered in the background (never inside the user's request), retried
 * with backoff, and the row records each outcome. Delivery claims a row by pushing its
 * next_attempt_at forward, so several app instances never send the same message twice at once.
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
      await transport.sendMail({ from, to: row.to, subject: row.subject, html: row.html, text: row.text });
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
     * Renders and stores the message, returns its outbox id at once; SMTP delivery (if configured)
     * runs afterwards in the background and its failure never reaches the caller.
     */
    async send<T extends MailTemplateName>(message: MailMessage<T>): Promise<string> {
      const { html, text } = await renderMail(message.template, message.props);
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          template: message.template,
          html,
          text,
          status: transport ? "pending" : "stored",
          nextAttemptAt: transport ? new Date() : null,
        })
        .returning({ id: mailOutbox.id });
      const id = row!.id;
      log.info(
        { mailId: id, to: message.to, subject: message.subject, smtp: Boolean(transport) },
        "mail queued",
      );
      if (transport) {
        void track(deliver(id)).catch((error) =>
          log.error({ err: error, mailId: id }, "mail delivery crashed"),
        );
      }
      return id;
    },

    deliverDue,

    /** Starts the retry loop (server process only). */
    start() {
      if (!transport || timer) return;
      timer = setInterval(() => {
        void deliverDue().catch((error) => log.error({ err: error }, "mail retry loop failed"));
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

    /** Waits until every delivery started so far has finished (tests). */
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
