import { data } from "react-router";
import { NotFoundPage } from "~/components/store/not-found-page.tsx";
import { PageHeader } from "~/components/store/page-header.tsx";
import { keepSharedData } from "~/hooks/use-personal-part.ts";
import { formatDate } from "~/lib/dates.ts";
import { pageTitle, publicUrlFrom, seoMeta } from "~/lib/store/seo.ts";
import { currentPolicy } from "~server/policies/read.ts";
import type { Route } from "./+types/policy";

export async function loader({ params, context }: Route.LoaderArgs) {
  const policy = await currentPolicy(context.database.db, params.slug);
  // Returned, not thrown: the not-found page renders inside the store layout with HTTP 404.
  if (!policy) return data({ policy: null }, 404);
  const { slug, title, html, updatedAt } = policy;
  return {
    policy: { slug, title, html, updated: formatDate(updatedAt), updatedIso: updatedAt.toISOString() },
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const policy = data?.policy;
  if (!policy) return [{ title: pageTitle("Page not found") }, { name: "robots", content: "noindex" }];
  return seoMeta(
    { title: pageTitle(policy.title), description: policy.title, path: `/policies/${policy.slug}` },
    publicUrlFrom(matches),
  );
}

// The same for every visitor: kept when a browser loads its own part (use-personal-part.ts).
export const shouldRevalidate = keepSharedData;

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  const { policy } = loaderData;
  if (!policy) return <NotFoundPage />;
  return (
    <>
      <PageHeader
        title={policy.title}
        intro={
          <>
            Last updated <time dateTime={policy.updatedIso}>{policy.updated}</time>
          </>
        }
      />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown (server) escapes raw HTML and allows only safe links. */}
        <div className="markdown" dangerouslySetInnerHTML={{ __html: policy.html }} />
      </div>
    </>
  );
}
