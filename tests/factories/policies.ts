import type { PolicySlug } from "../../core/legal/policies.ts";
import type { Db } from "../../server/db/client.ts";
import { currentPolicyVersions } from "../../server/policies/in-force.ts";
import { policyInputSchema, savePolicyVersion } from "../../server/policies/save.ts";
import { ensurePolicyTemplates } from "../../server/policies/templates.ts";

/** The starter templates as version 1 of each policy, as every start of the app makes them. */
export const seedPolicyTemplates = (db: Db) => ensurePolicyTemplates(db);

/** A new version of `policy` saved by `adminId` over whatever is in force, read as the form's text is. */
export async function createPolicyVersion(db: Db, policy: PolicySlug, body: string, adminId: string) {
  const baseVersion = (await currentPolicyVersions(db))[policy] ?? 0;
  return savePolicyVersion(db, policy, policyInputSchema.parse({ body, baseVersion }), adminId);
}
