import { z } from "zod";

/** Form fields the admin screens share (blog, testimonials, partners, certificates, collections). */

/**
 * A path on this site: "/" and then only URL path characters (RFC 3986), so no "//host", no "/\host"
 * and no tab or newline (browsers drop those and would read "/\t/host" as "//host").
 */
const SAME_SITE_PATH = /^\/[\w.~%!$&'()*+,;=:@-][\w.~%!$&'()*+,;=:@/?#-]*$/;

/** A stored upload (/uploads/…) or an absolute http(s) URL; never javascript:, data: or another host by a trick. */
export const imageUrlField = z
  .string()
  .trim()
  .max(1000, "The URL must be at most 1000 characters")
  .refine(
    (v) => v === "" || SAME_SITE_PATH.test(v) || (isHttpUrl(v) && !/[\s\\]/.test(v)),
    "Enter a URL starting with / or https://",
  );

/**
 * A link that leaves the shop. The spec lets the admin type it freely, so an address without a
 * scheme ("summit.example.com") gets https://; any other scheme than http(s) is refused, so a
 * stored link can never run script. Empty allowed.
 */
export const websiteUrlField = z
  .string()
  .trim()
  .max(1000, "The URL must be at most 1000 characters")
  .transform(withDefaultScheme)
  .refine((v) => v === "" || isHttpUrl(v), "Website URL must start with http:// or https://");

/** "example.com/x" → "https://example.com/x"; a value that names a scheme (or is empty) is kept. */
function withDefaultScheme(value: string) {
  if (value === "" || /^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  return `https://${value.replace(/^\/+/, "")}`;
}

function isHttpUrl(value: string) {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
}

/** Empty text is stored as null. */
export const orNull = (value: string) => value || null;
