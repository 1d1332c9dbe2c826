import { data, Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { brand } from "~core/brand.ts";
import type { Route } from "./+types/email-link";
import { emailLinkAction, emailLinkPage } from "./newsletter.server.ts";

/**
 * The pages behind the signed links of marketing email (decisions 044, 048), one module for both
 * routes so their shared markup stays out of the storefront bundle: `/unsubscribe/:token` and the
 * double opt-in `/newsletter/confirm/:token`. Opening a link changes nothing — mail scanners
 * prefetch links — only the page's button (a plain post) does. Mail clients POST the unsubscribe
 * link for RFC 8058 one-click without a session or Origin (exempt from the same-origin check in
 * server/http/app.ts); that POST unsubscribes at once.
 */
export function meta() {
  return [{ title: brand.name }, { name: "robots", content: "noindex" }];
}

export function loader({ context, params, request }: Route.LoaderArgs) {
  const page = emailLinkPage(context, new URL(request.url).pathname, params.token);
  return data(page, { status: page.button ? 200 : 404 });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const page = await emailLinkAction(context, new URL(request.url).pathname, params.token);
  return data(page, { status: page.done ? 200 : 404 });
}

export default function EmailLink({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  return (
    <section role="status" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-semibold">{page.heading}</h1>
      <p className="mt-2 text-muted-foreground">{page.text}</p>
      {page.button && (
        <form method="post" className="mt-6">
          <Button type="submit">{page.button}</Button>
        </form>
      )}
      <Link to="/" className="mt-6 inline-block text-primary underline-offset-4 hover:underline">
        Back to the shop
      </Link>
    </section>
  );
}
