import { desc, eq, sql } from "drizzle-orm";
import { isPolicySlug, POLICY_SLUGS, type PolicySlug, policyTitles } from "../../core/legal/policies.ts";
import { cachedForStorefront } from "../catalog/storefront-cache.ts";
import { storedPostHtml } from "../content/markdown-limits.ts";
import type { Db } from "../db/client.ts";
import { policyVersions, user } from "../db/schema/index.ts";

export type PolicyPage = { slug: PolicySlug; title: string; version: number; html: string; updatedAt: Date };

/** The newest version of each policy (the one in force), one row per policy. */
function latestVersions(db: Db) {
  return db
    .selectDistinctOn([policyVersions.policy], {
      policy: policyVersions.policy,
      version: policyVersions.version,
      body: policyVersions.body,
      isTemplate: policyVersions.isTemplate,
      createdAt: policyVersions.createdAt,
    })
    .from(policyVersions)
    .orderBy(policyVersions.policy, desc(policyVersions.version));
}

/**
 * A policy page as the storefront shows it, or null for an unknown slug (or a policy without any
 * version). The Markdown is rendered once per storefront version, which every save bumps.
 */
export async function currentPolicy(db: Db, slug: string): Promise<PolicyPage | null> {
  if (!isPolicySlug(slug)) return null;
  return cachedForStorefront(db, `policy:${slug}`, async () => {
    const [row] = await latestVersions(db).where(eq(policyVersions.policy, slug));
    const value = row && {
      slug,
      title: policyTitles[slug],
      version: row.version,
      html: storedPostHtml(row.body),
      updatedAt: row.createdAt,
    };
    return { value: value ?? null, complete: true };
  });
}

export type PolicyStatus = {
  slug: PolicySlug;
  title: string;
  version: number | null;
  isTemplate: boolean;
  updatedAt: Date | null;
};

/** Every policy with its version in force and whether that is still the starter template. */
export async function policyStatuses(db: Db): Promise<PolicyStatus[]> {
  const rows = await latestVersions(db);
  return POLICY_SLUGS.map((slug) => {
    const row = rows.find((r) => r.policy === slug);
    return {
      slug,
      title: policyTitles[slug],
      version: row?.version ?? null,
      isTemplate: row?.isTemplate ?? false,
      updatedAt: row?.createdAt ?? null,
    };
  });
}

/** The policies whose text in force is the unedited starter template (the dashboard warns). */
export async function policiesStillTemplates(db: Db): Promise<PolicyStatus[]> {
  return (await policyStatuses(db)).filter((policy) => policy.isTemplate);
}

export type PolicyVersion = {
  version: number;
  body: string;
  isTemplate: boolean;
  createdAt: Date;
  /** Who saved it: the admin's name and email; null for the seeded template or a deleted account. */
  savedBy: string | null;
};

/** Every version of one policy, newest first (the admin's history; the first is in force). */
export async function policyHistory(db: Db, slug: PolicySlug): Promise<PolicyVersion[]> {
  return db
    .select({
      version: policyVersions.version,
      body: policyVersions.body,
      isTemplate: policyVersions.isTemplate,
      createdAt: policyVersions.createdAt,
      savedBy: sql<string | null>`${user.name} || ' <' || ${user.email} || '>'`,
    })
    .from(policyVersions)
    .leftJoin(user, eq(user.id, policyVersions.createdBy))
    .where(eq(policyVersions.policy, slug))
    .orderBy(desc(policyVersions.version));
}
