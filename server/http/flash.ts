import { createCookie, redirect } from "react-router";
import { z } from "zod";

export type ToastVariant = "default" | "success" | "destructive";
export type FlashToastInput = { title: string; description?: string; variant?: ToastVariant };
/** What the root loader hands to the page; `id` lets the client show each toast exactly once. */
export type FlashToast = { id: string; title: string; description?: string; variant: ToastVariant };

const flashToastSchema = z.object({
  title: z.string().min(1).max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "success", "destructive"]).default("default"),
});

// Unsigned on purpose: it only carries a message for the next page, never anything trusted,
// and its contents are validated on read. HttpOnly + a one-minute life keep it short-lived.
// Not `secure`, because `npm start` serves plain http on localhost as well.
const flashCookie = createCookie("flash-toast", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

/** Adds a Set-Cookie header that makes the next page load show `toast`. Returns `headers`. */
export async function setFlashToast(headers: Headers, toast: FlashToastInput): Promise<Headers> {
  const value = flashToastSchema.parse(toast);
  headers.append("Set-Cookie", await flashCookie.serialize(value));
  return headers;
}

/** `redirect(url)` that shows `toast` on the page it lands on. */
export async function redirectWithToast(url: string, toast: FlashToastInput, init?: ResponseInit) {
  const headers = await setFlashToast(new Headers(init?.headers), toast);
  return redirect(url, { ...init, headers });
}

/**
 * Reads the pending toast, if any, and returns the headers that clear it so it shows once.
 * A malformed cookie is cleared and ignored.
 */
export async function readFlashToast(
  request: Request,
): Promise<{ toast: FlashToast | null; headers: Headers }> {
  const headers = new Headers();
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${flashCookie.name}=`)) return { toast: null, headers };

  headers.append("Set-Cookie", await flashCookie.serialize("", { maxAge: 0, expires: new Date(0) }));
  const parsed = flashToastSchema.safeParse(await flashCookie.parse(cookieHeader));
  if (!parsed.success) return { toast: null, headers };
  const { title, description, variant } = parsed.data;
  return {
    toast: { id: crypto.randomUUID(), title, variant, ...(description ? { description } : {}) },
    headers,
  };
}
