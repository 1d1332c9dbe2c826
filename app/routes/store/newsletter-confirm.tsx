import { data } from "react-router";
import { LinkActionPage } from "~/components/store/link-action-page.tsx";
import { brand } from "~core/brand.ts";
import { confirmFromLink, confirmLinkUsable } from "~server/marketing/request.server.ts";
import type { Route } from "./+types/newsletter-confirm";

export function meta() {
  return [{ title: `Confirm subscription | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

/**
 * The double opt-in link (decision 048). GET shows a button (a prefetching scanner must not
 * subscribe anyone); its POST records the consent once — the link is single-use.
 */
export function loader({ context, params }: Route.LoaderArgs) {
  const usable = confirmLinkUsable(context, params.token);
  return data({ state: usable ? ("ask" as const) : ("invalid" as const) }, { status: usable ? 200 : 404 });
}

export async function action({ context, params }: Route.ActionArgs) {
  const email = await confirmFromLink(context, params.token);
  return email ? { state: "confirmed" as const } : data({ state: "invalid" as const }, { status: 404 });
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { state } = actionData ?? loaderData;
  if (state === "confirmed")
    return (
      <LinkActionPage heading="You are subscribed">
        Thank you! News and offers from {brand.name} will come to this address. Every email has a link to
        unsubscribe.
      </LinkActionPage>
    );
  if (state === "invalid")
    return (
      <LinkActionPage heading="This link is invalid or has expired">
        Confirmation links work once and for 7 days. You can ask for a new one with the newsletter form at the
        bottom of every page.
      </LinkActionPage>
    );
  return (
    <LinkActionPage heading="Confirm your subscription" action="Confirm subscription">
      Receive news and offers from {brand.name} by email. You can unsubscribe at any time.
    </LinkActionPage>
  );
}
