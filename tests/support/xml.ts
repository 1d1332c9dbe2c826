import type { Browser } from "playwright-core";

/**
 * Strict XML parsing for feed tests: the system Chromium's DOMParser (libxml2 underneath), the
 * only real XML parser this project has (no XML package is installed). A document that is not
 * well formed (a bare "&", a control character, an unclosed tag) comes back as a parse error.
 */

/** An element's child elements in order, as [qualified name, text]; "g:" for the Google namespace. */
export type XmlFields = [string, string][];
export type ParsedRss = { root: string; channel: XmlFields; items: XmlFields[] };

const GOOGLE_NS = "http://base.google.com/ns/1.0";

export async function parseRss(browser: Browser, xml: string): Promise<ParsedRss> {
  const page = await browser.newPage();
  try {
    const parsed = await page.evaluate(
      ({ xml, googleNs }) => {
        const doc = new DOMParser().parseFromString(xml, "application/xml");
        const error = doc.getElementsByTagName("parsererror")[0];
        if (error) return { error: error.textContent ?? "parse error" };
        const fields = (parent: Element) =>
          Array.from(parent.children)
            .filter((child) => child.localName !== "item")
            .map((child): [string, string] => [
              child.namespaceURI === googleNs ? `g:${child.localName}` : child.localName,
              child.textContent ?? "",
            ]);
        const channel = doc.documentElement.getElementsByTagName("channel")[0];
        if (!channel) return { error: "no channel" };
        return {
          root: `${doc.documentElement.localName} ${doc.documentElement.getAttribute("version")}`,
          channel: fields(channel),
          items: Array.from(channel.getElementsByTagName("item")).map(fields),
        };
      },
      { xml, googleNs: GOOGLE_NS },
    );
    if ("error" in parsed) throw new Error(`not well-formed XML: ${parsed.error}`);
    return parsed;
  } finally {
    await page.close();
  }
}

/** The item's fields as an object; a repeated field (additional_image_link) becomes a list. */
export function itemObject(fields: XmlFields): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of fields) {
    const seen = out[name];
    out[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return out;
}
