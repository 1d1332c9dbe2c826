import { data } from "react-router";
import { NotFoundPage } from "~/components/store/not-found-page.tsx";
import { brand } from "~core/brand.ts";

// Returned (not thrown) so the page renders inside the store layout, header and footer included,
// while the response still carries HTTP 404.
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: `Page not found | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundPage />;
}
