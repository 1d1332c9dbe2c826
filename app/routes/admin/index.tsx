import { data, redirect } from "react-router";
import { homeFor } from "~/components/admin/nav.ts";
import { adminUser } from "~server/auth/guards.ts";
import type { Route } from "./+types/index";

/** /admin opens the first screen the staff member's role may open (the dashboard for owners). */
export async function loader({ context }: Route.LoaderArgs) {
  const home = homeFor(context.get(adminUser).access);
  if (!home) throw data({ message: "Your role opens no back office screen." }, { status: 403 });
  throw redirect(home);
}
