import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { PolicySlug } from "../../core/legal/policies.ts";
import { recordChange } from "../audit/record.ts";
import { markdownProblem } from "../content/markdown-limits.ts";
import type { Db } from "../db/client.ts";
import { MAX_POLICY_LENGTH, policyVersions } from "../db/schema/index.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { ConflictError, InvalidInputError } from "../errors.ts";
import { normalizePolicyText, templateOf } from "./templates.ts";

const TOO_LONG = `The policy must be at most ${MAX_POLICY_LENGTH.toLocaleString("en-US")} characters`;

export const policyInputSchema = z.object({
  body: z
    .string()
    .max(MAX_POLICY_LENGTH * 2, TOO_LONG)
    .transform(normalizePolicyText)
    .pipe(
      z
        .string()
        .min(1, "The policy text is required")
        .max(MAX_POLICY_LENGTH, TOO_LONG)
        .superRefine((body, ctx) => {
          const problem = markdownProblem(body);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    ),
  /** The version the admin edited: a save over a newer one (another admin's) is refused. */
  baseVersion: z.coerce.number().int().min(0).max(1_000_000),
});

export type PolicyInput = z.output<typeof policyInputSchema>;

const CHANGED_MEANWHILE = new ConflictError({
  title: "Error",
  description: "This policy was saved by someone else meanwhile: reload it, then make your change again",
});

/**
 * Saves the text as the policy's next version (immutable), recording who saved it. Refuses a
 * save based on an older version than the one in force, and a text that changes nothing.
 */
export async function savePolicyVersion(
  db: Db,
  slug: PolicySlug,
  input: PolicyInput,
  adminId: string,
): Promise<{ version: number }> {
  const [latest] = await db
    .select({ version: policyVersions.version, body: policyVersions.body })
    .from(policyVersions)
    .where(eq(policyVersions.policy, slug))
    .orderBy(desc(policyVersions.version))
    .limit(1);
  if ((latest?.version ?? 0) !== input.baseVersion) throw CHANGED_MEANWHILE;
  if (latest?.body === input.body) {
    const message = "Nothing changed: edit the text to save a new version";
    throw new InvalidInputError({ title: "Error", description: message }, { body: [message] });
  }
  const version = input.baseVersion + 1;
  try {
    await db.transaction(async (tx) => {
      await tx.insert(policyVersions).values({
        policy: slug,
        version,
        body: input.body,
        isTemplate: input.body === templateOf(slug),
        createdBy: adminId,
      });
      await recordChange(tx, {
        entityType: "policy",
        entityId: slug,
        entityLabel: slug,
        action: "update",
        // "version" is a bookkeeping name the log skips (server/audit/diff.ts): named in full here.
        before: latest ? { policyVersion: latest.version, body: latest.body } : null,
        after: { policyVersion: version, body: input.body },
      });
    });
  } catch (error) {
    // Two saves of the same version at once: the key lets one in, the other is told.
    if (isUniqueViolation(error)) throw CHANGED_MEANWHILE;
    throw error;
  }
  return { version };
}
