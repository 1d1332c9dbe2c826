/** An absolute URL on the shop's public origin for a site path; an absolute http(s) URL is kept. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string) {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** The callback better-auth answers for each social sign-in provider: register PUBLIC_URL + this path. */
export const socialCallbackPath = (provider: "google" | "apple") => `/api/auth/callback/${provider}`;
