import { can } from "~core/staff/roles.ts";
import { searchBackOffice } from "~server/admin-search/search.ts";
import { adminUser } from "~server/auth/guards.ts";
import { settle } from "~server/http/error-response.ts";
import type { Route } from "./+types/search";

/** The command palette's search (JSON): orders and products the staff member's role may open. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = context.get(adminUser);
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const found = await settle(context.log, "back office search failed", () =>
    searchBackOffice(context.database.db, query, {
      orders: can(access, "view:order"),
      customerData: can(access, "view:customer"),
      products: can(access, "view:product"),
    }),
  );
  return Response.json(found.ok ? { hits: found.value, error: false } : { hits: [], error: true });
}
