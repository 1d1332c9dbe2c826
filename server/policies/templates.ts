import { POLICY_SLUGS, type PolicySlug } from "../../core/legal/policies.ts";
import { policyTemplates } from "../../core/legal/policy-templates.ts";
import type { Db } from "../db/client.ts";
import { policyVersions } from "../db/schema/index.ts";

/** The text as stored: line endings as a form posts them vary (CRLF), so they are made "\n". */
export const normalizePolicyText = (text: string) => text.replace(/\r\n?/g, "\n").trim();

export const templateOf = (slug: PolicySlug) => normalizePolicyText(policyTemplates[slug]);

/**
 * Gives every policy without a version its starter template as version 1. Runs at each start
 * (server/process/startup.ts), so a new shop and an existing database on its first start after this
 * feature both get them; safe for instances starting together (the key makes it insert once).
 */
export async function ensurePolicyTemplates(db: Db) {
  await db
    .insert(policyVersions)
    .values(
      POLICY_SLUGS.map((policy) => ({ policy, version: 1, body: templateOf(policy), isTemplate: true })),
    )
    .onConflictDoNothing();
}
