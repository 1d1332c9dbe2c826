import { z } from "zod";
import { getSessionUser } from "~server/auth/session.ts";
import { reviewerOf } from "../store/product-reviews.server.ts";
import type { Route } from "./+types/reviewer";

const productIdSchema = z.uuid();

/**
 * GET /reviewer/:productId → { reviewer }: whether the signed-in customer may review the product
 * and their own review; null for a visitor who is not signed in or an id that is not one.
 * The product page's shared copy has no reviewer (it is the same for everyone): its review form
 * asks here (app/components/store/review-form.tsx, server/http/personal-part.ts).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const productId = productIdSchema.safeParse(params.productId);
  const user = productId.success ? await getSessionUser(context, request) : null;
  const reviewer = user && productId.success ? await reviewerOf(context, user, productId.data) : null;
  return Response.json({ reviewer }, { headers: { "Cache-Control": "private, no-store" } });
}
