import { redirect } from "react-router";
import { signOutSession } from "~server/auth/admin-login.ts";
import type { Route } from "./+types/sign-out";

export async function loader() {
  throw redirect("/admin");
}

/** Admin sign-out clears the session and goes to /admin/login. */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = new Headers();
  for (const cookie of await signOutSession(context.auth, request.headers))
    headers.append("Set-Cookie", cookie);
  return redirect("/admin/login", { headers });
}
