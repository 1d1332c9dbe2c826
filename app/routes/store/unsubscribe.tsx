import { data, Link } from "react-router";
import { brand } from "~core/brand.ts";
import { unsubscribeFromLink } from "~server/abandoned-carts/request.server.ts";
import type { Route } from "./+types/unsubscribe";

export function meta() {
  return [{ title: `Unsubscribe | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

async function unsubscribe(context: Route.LoaderArgs["context"], token: string) {
  const email = await unsubscribeFromLink(context, token);
  return email ? { email } : data({ email: null }, { status: 404 });
}

/**
 * The signed unsubscribe link of marketing email (decision 044): opening it records the
 * unsubscribe at once; mail clients POST to the same URL for RFC 8058 one-click unsubscribe,
 * without a session or an Origin (exempt from the same-origin check in server/http.ts).
 */
export function loader({ context, params }: Route.LoaderArgs) {
  return unsubscribe(context, params.token);
}

export function action({ context, params }: Route.ActionArgs) {
  return unsubscribe(context, params.token);
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const email = (actionData ?? loaderData).email;
  return (
    <section role="status" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-semibold">
        {email ? "You are unsubscribed" : "This link is invalid or has expired"}
      </h1>
      <p className="mt-2 text-muted-foreground">
        {email
          ? `We will send no more reminder emails to ${email}. Emails about your orders still arrive.`
          : "Please use the unsubscribe link from a recent email."}
      </p>
      <Link to="/" className="mt-6 inline-block text-primary underline-offset-4 hover:underline">
        Back to the shop
      </Link>
    </section>
  );
}
