/**
 * Shared pages for browsers with cookies (docs/decisions/056-personal-part.md).
 *
 * A content or product page is the same for everyone except a small part: the account menu, the
 * cart badge, the purchase choice's sign-in note, the review form. A visitor with cookies (signed
 * in, or holding a cart) used to get a page rendered for them alone, ~15 ms of CPU where the
 * shared copy costs ~0.5 ms. Now they get the shared copy too, rendered as for a visitor without
 * cookies, marked in its <head>; once the page has started, the browser asks for its data again
 * with its cookies (React Router's revalidation: loaders only, no render) and shows its own part.
 *
 * A request carrying a flash toast is still rendered for itself: the toast is read, shown and
 * cleared by that render.
 */
import { PERSONAL_PART_MARKUP } from "../../core/personal-part.ts";
import { carriesFlashToast } from "./flash.ts";

const HEAD_END = new TextEncoder().encode("</head>");
const MARKUP = new TextEncoder().encode(PERSONAL_PART_MARKUP);

/** A page request from a browser with cookies that can be answered with the shared copy. */
export function wantsSharedCopy(request: Request): boolean {
  const method = request.method;
  const cookies = request.headers.get("Cookie");
  return (method === "GET" || method === "HEAD") && cookies !== null && !carriesFlashToast(cookies);
}

/**
 * The request as a visitor without cookies makes it, so that what is rendered (and stored) for
 * it is the shared copy: no session, no cart, the hash-based policy of shared pages.
 */
export function withoutCookies(request: Request): void {
  request.headers.delete("Cookie");
}

/** The page's bytes with the mark inserted before </head> (unchanged when there is no head). */
export function markedForPersonalPart(html: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const at = Buffer.from(html.buffer, html.byteOffset, html.byteLength).indexOf(HEAD_END);
  if (at < 0) return html;
  const marked = new Uint8Array(html.byteLength + MARKUP.byteLength);
  marked.set(html.subarray(0, at), 0);
  marked.set(MARKUP, at);
  marked.set(html.subarray(at), at + MARKUP.byteLength);
  return marked;
}
