import { z } from "zod";
import { type FieldErrors, parseForm, readForm } from "~/lib/forms.ts";
import type { RequestContext } from "~server/context.ts";
import { settle } from "~server/http/error-response.ts";
import {
  attachCodesToBatch,
  attachSummary,
  batchCodesSchema,
  detachCodesFromBatch,
} from "~server/validity/batch-codes.ts";
import {
  deleteUnverifiedSerial,
  deleteUnverifiedSerials,
  type SerialActor,
  serialCodeSchema,
  unflagSchema,
  unflagSerial,
} from "~server/validity/serial-admin.ts";
import { adminFailure, backWithToast } from "./admin-actions.server.ts";

/**
 * The batch page's list-code and serial intents (docs/validity.md). Each parses its form with
 * zod, runs one domain function through `settle`, and answers with a toast back on the page.
 */
type Args = { context: RequestContext; form: FormData; actor: SerialActor; path: string };

const invalid = (title: string, errors: FieldErrors, values: Record<string, string>) =>
  adminFailure({ title, description: Object.values(errors)[0] ?? "Check the form" }, 400, { errors, values });

/** Parses, runs, and answers: the success toast after a redirect, or the mapped failure. */
async function run<S extends z.ZodType>(
  { context, path }: Args,
  title: string,
  schema: S,
  input: FormData | Record<string, unknown>,
  work: (data: z.output<S>) => Promise<string>,
) {
  const parsed = parseForm(schema, input);
  if (!parsed.ok) return invalid(title, parsed.errors, parsed.values);
  const done = await settle(context.log, `${title.toLowerCase()} failed`, () => work(parsed.data));
  if (!done.ok)
    return adminFailure(
      done.message.title === "Error" ? { ...done.message, title } : done.message,
      done.status,
    );
  return backWithToast(path, done.value);
}

const codesOf = (form: FormData) => readForm(form, { pasted: "text", code: "list" });

export const batchSerialIntents = {
  attach: (args: Args) =>
    run(args, "Codes not attached", batchCodesSchema, codesOf(args.form), async (codes) => {
      const report = await attachCodesToBatch(args.context.database.db, args.actor.batchId, codes);
      args.context.log.info(
        {
          batchId: args.actor.batchId,
          ...report,
          inOtherBatch: report.inOtherBatch.length,
          unknown: report.unknown.length,
        },
        "list codes attached",
      );
      return attachSummary(report);
    }),
  detach: (args: Args) =>
    run(args, "Codes not detached", batchCodesSchema, codesOf(args.form), async (codes) => {
      const n = await detachCodesFromBatch(args.context.database.db, args.actor.batchId, codes);
      return `${n} ${n === 1 ? "code" : "codes"} detached`;
    }),
  unflag: (args: Args) =>
    run(args, "Serial not unflagged", unflagSchema, args.form, async ({ id, note }) => {
      const code = await unflagSerial(args.context.database.db, args.actor, id, note);
      args.context.log.info(
        { batchId: args.actor.batchId, serialId: id, actorId: args.actor.actorId },
        "serial unflagged",
      );
      return `${code} unflagged`;
    }),
  deleteSerial: (args: Args) =>
    run(args, "Serial not deleted", serialCodeSchema, args.form, async ({ serial }) => {
      const code = await deleteUnverifiedSerial(args.context.database.db, args.actor, serial);
      args.context.log.info({ batchId: args.actor.batchId, actorId: args.actor.actorId }, "serial deleted");
      return `${code} deleted`;
    }),
  deleteUnverified: (args: Args) =>
    run(args, "Serials not deleted", z.object({}), args.form, async () => {
      const n = await deleteUnverifiedSerials(args.context.database.db, args.actor);
      args.context.log.info(
        { batchId: args.actor.batchId, actorId: args.actor.actorId, deleted: n },
        "unverified serials deleted",
      );
      return `${n} unverified ${n === 1 ? "serial" : "serials"} deleted`;
    }),
};
