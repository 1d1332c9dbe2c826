import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Who is making the changes of the running request or job. Carried in async context rather than
 * passed down, so domain functions keep their signatures: the admin guard sets a staff actor
 * around every back office loader and action (server/auth/guards.ts), the job runner sets
 * "system" around each job (server/jobs/runner.ts). Outside both (a customer's own request) there
 * is no actor and nothing is recorded: the audit log is the back office's record.
 */
export type AuditActor =
  | { kind: "staff"; id: string; name: string; email: string; ip: string | null }
  | { kind: "system"; name: string };

const current = new AsyncLocalStorage<AuditActor>();

export const withActor = <T>(actor: AuditActor, work: () => T): T => current.run(actor, work);

export const currentActor = (): AuditActor | undefined => current.getStore();

/** A background job or command-line tool: recorded as "system", with what ran. */
export const systemActor = (what: string): AuditActor => ({ kind: "system", name: `system (${what})` });
