import { data } from "react-router";
import { LinkActionPage } from "~/components/store/link-action-page.tsx";
import { brand } from "~core/brand.ts";
import { unsubscribeFromLink, unsubscribeLinkEmail } from "~server/marketing/request.server.ts";
import type { Route } from "./+types/unsubscribe";

export function meta() {
  return [{ title: `Unsubscribe | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

/**
 * The signed unsubscribe link of every marketing email (decisions 044, 048). GET only shows the
 * address and a button: mail scanners open links, and that must not unsubscribe anyone. POST
 * unsubscribes at once — the button, or a mail client's RFC 8058 one-click post, which comes
 * without a session or Origin (exempt from the same-origin check in server/http.ts).
 */
export function loader({ context, params }: Route.LoaderArgs) {
  const email = unsubscribeLinkEmail(context, params.token);
  return email ? { email, done: false } : data({ email: null, done: false }, { status: 404 });
}

export async function action({ context, params }: Route.ActionArgs) {
  const email = await unsubscribeFromLink(context, params.token);
  return email ? { email, done: true } : data({ email: null, done: false }, { status: 404 });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { email, done } = actionData ?? loaderData;
  if (!email)
    return (
      <LinkActionPage heading="This link is invalid or has expired">
        Please use the unsubscribe link from a recent email.
      </LinkActionPage>
    );
  if (done)
    return (
      <LinkActionPage heading="You are unsubscribed">
        We will send no more marketing emails to {email}. Emails about your orders still arrive.
      </LinkActionPage>
    );
  return (
    <LinkActionPage heading="Unsubscribe from marketing emails?" action="Unsubscribe">
      Stop all news, offers, cart reminders and review requests to {email}. Emails about your orders still
      arrive.
    </LinkActionPage>
  );
}
