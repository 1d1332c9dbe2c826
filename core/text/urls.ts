/** An absolute URL on the shop's public origin for a site path; an absolute http(s) URL is kept. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string) {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}
