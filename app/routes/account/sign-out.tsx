import { redirect, redirectDocument } from "react-router";
import { cookiesFrom, tryAuth } from "~server/accounts/auth-call.ts";
import type { Route } from "./+types/sign-out";

/** Nothing to show: a GET (typed URL, prefetch) just goes home. Signing out needs a POST. */
export function loader() {
  return redirect("/");
}

/**
 * Ends the session on the server (its row is deleted), clears the cookie and reloads the whole
 * document at / so no signed-in state survives in the browser. Failures are ignored like the
 * spec's sign-out does: the cookie is cleared either way.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await tryAuth(context.auth.api.signOut({ headers: request.headers, returnHeaders: true }));
  const headers = result.ok ? cookiesFrom(result.value.headers) : new Headers();
  if (!result.ok) context.log.info({ error: result.error }, "sign-out without a valid session");
  return redirectDocument("/", { headers });
}
