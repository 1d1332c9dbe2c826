import { createCookie, redirect } from "react-router";
import { z } from "zod";
import type { ActionToast, ToastMessage } from "../../core/toast.ts";

// One toast type (core/toast.ts) for action data and the flash cookie alike; these names stay
// for the code that already uses them.
export type ToastVariant = NonNullable<ToastMessage["variant"]>;
export type FlashToastInput = ToastMessage;
/** What the root loader hands to the page; `id` lets the client show each toast exactly once. */
export type FlashToast = ActionToast;

const flashToastSchema = z.object({
  title: z.string().min(1).max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "success", "destructive"]).default("default"),
});
/** A redirect chain can gather several toasts (see keepToastsThroughRedirect); a few fit a cookie. */
const MAX_PENDING_TOASTS = 3;
// A single toast is what the cookie held before chains were kept; still read for cookies in flight.
const pendingToastsSchema = z.union([
  flashToastSchema.transform((toast) => [toast]),
  z.array(flashToastSchema).min(1).max(MAX_PENDING_TOASTS),
]);
type PendingToast = z.output<typeof flashToastSchema>;

// Unsigned on purpose: it only carries a message for the next page, never anything trusted,
// and its contents are validated on read. HttpOnly + a one-minute life keep it short-lived.
// Not `secure`, because `npm start` serves plain http on localhost as well.
const flashCookie = createCookie("flash-toast", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

/** Whether a Cookie header carries a toast for this page (which then has to be rendered for it). */
export function carriesFlashToast(cookieHeader: string | null): boolean {
  return cookieHeader !== null && new RegExp(`(?:^|;\\s*)${flashCookie.name}=`).test(cookieHeader);
}

/** Adds a Set-Cookie header that makes the next page load show `toast`. Returns `headers`. */
export async function setFlashToast(headers: Headers, toast: FlashToastInput): Promise<Headers> {
  const value = flashToastSchema.parse(toast);
  headers.append("Set-Cookie", await flashCookie.serialize([value]));
  return headers;
}

/** `redirect(url)` that shows `toast` on the page it lands on. */
export async function redirectWithToast(url: string, toast: FlashToastInput, init?: ResponseInit) {
  const headers = await setFlashToast(new Headers(init?.headers), toast);
  return redirect(url, { ...init, headers });
}

/** The toasts a Cookie header (or a Set-Cookie's first part) carries; none when malformed. */
async function pendingToasts(cookieHeader: string | null): Promise<PendingToast[]> {
  if (!cookieHeader?.includes(`${flashCookie.name}=`)) return [];
  const parsed = pendingToastsSchema.safeParse(await flashCookie.parse(cookieHeader));
  return parsed.success ? parsed.data : [];
}

/**
 * Reads the pending toasts, if any, and returns the headers that clear them so each shows once.
 * `toast` is the first of them. A malformed cookie is cleared and ignored.
 */
export async function readFlashToast(
  request: Request,
): Promise<{ toast: FlashToast | null; toasts: FlashToast[]; headers: Headers }> {
  const headers = new Headers();
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${flashCookie.name}=`)) return { toast: null, toasts: [], headers };

  headers.append("Set-Cookie", await flashCookie.serialize("", { maxAge: 0, expires: new Date(0) }));
  const toasts = (await pendingToasts(cookieHeader)).map(({ title, description, variant }) => ({
    id: crypto.randomUUID(),
    title,
    variant,
    ...(description ? { description } : {}),
  }));
  return { toast: toasts[0] ?? null, toasts, headers };
}

const isFlashCookie = (setCookie: string) => setCookie.startsWith(`${flashCookie.name}=`);

/**
 * A toast must survive a chain of redirects: `/payment-success` without a session sends its
 * 'Payment Error' to /checkout, whose empty cart redirects on to /products with a toast of its
 * own, which would overwrite the first. Run on every response (root middleware): when a request
 * that still carries toasts is answered with a redirect, the toasts go along, in order, with
 * whatever the redirect adds.
 */
export async function keepToastsThroughRedirect(request: Request, response: Response): Promise<Response> {
  if (response.status < 300 || response.status >= 400) return response;
  const carried = await pendingToasts(request.headers.get("Cookie"));
  if (carried.length === 0) return response;
  const setCookies = response.headers.getSetCookie();
  const added = await Promise.all(
    setCookies.filter(isFlashCookie).map((c) => pendingToasts(c.split(";")[0]!)),
  );
  const seen = new Set<string>();
  const toasts = [...carried, ...added.flat()].filter((t) => {
    const key = `${t.title}\n${t.description ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const headers = new Headers(response.headers);
  headers.delete("Set-Cookie");
  for (const cookie of setCookies) if (!isFlashCookie(cookie)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await flashCookie.serialize(toasts.slice(0, MAX_PENDING_TOASTS)));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
