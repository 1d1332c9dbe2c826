import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Opens a storefront page and waits until React has hydrated it: the header's cart control turns
 * from a link to /cart into the button that opens the drawer.
 */
export async function openStorePage(page: Page, path: string) {
  const response = await page.goto(path);
  await cartButton(page).waitFor();
  return response;
}

/** The header's cart button; its accessible name carries the quantity ("Cart (2 items)"). */
export function cartButton(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: /^Cart/ });
}

/**
 * Waits until the header says the cart holds `quantity` items. includeHidden: while the drawer
 * (a modal) is open, the page behind it is hidden from the accessibility tree.
 */
export async function waitForCartQuantity(page: Page, quantity: number) {
  // Hidden content counts too then: the badge's number follows the label, hence no exact match.
  const name = quantity === 0 ? /^Cart$/ : new RegExp(`^Cart \\(${quantity} items?\\)`);
  await page
    .getByRole("banner", { includeHidden: true })
    .getByRole("button", { name, includeHidden: true })
    .waitFor({ state: "attached" });
}

/** Opens the cart drawer and returns it. */
export async function openCartDrawer(page: Page) {
  await cartButton(page).click();
  const drawer = page.getByRole("dialog");
  await drawer.waitFor();
  return drawer;
}

/** Opens /checkout (hydrated) and waits for its heading. */
export async function openCheckout(page: Page) {
  await openStorePage(page, "/checkout");
  await page.getByRole("heading", { name: "Checkout", level: 1 }).waitFor();
}

/** The checkout's coupon field. */
export function couponInput(page: Page) {
  return page.getByRole("textbox", { name: "Coupon code" });
}

/** Types a coupon code (the field shows it in capitals, as the shop looks codes up) and presses Apply. */
export async function applyCoupon(page: Page, typed: string) {
  await couponInput(page).fill(typed);
  expect(await couponInput(page).inputValue()).toBe(typed.toUpperCase());
  await page.getByRole("button", { name: "Apply" }).click();
}

/** A desktop browser's user agent: product views are only counted for people, not headless bots. */
export const humanUserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** A grid card's Add to Cart button ("Add to Cart" plus the product name for screen readers). */
export function addToCartButton(page: Page, productName: string) {
  const escaped = productName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page.getByRole("button", { name: new RegExp(`^Add to Cart\\s*: ${escaped}$`) });
}

/** Clicks a grid card's Add to Cart and waits until the server has answered. */
export async function addFromGrid(page: Page, productName: string, expectedQuantity: number) {
  const button = addToCartButton(page, productName);
  await button.click();
  await waitForCartQuantity(page, expectedQuantity);
  // The badge changes before the server answers; wait for the answer, so a following full page
  // load cannot cut the request off.
  await expect.poll(() => button.getAttribute("aria-disabled"), { timeout: 15_000 }).toBeNull();
}

/**
 * Clicks a cart button (+, -, Remove) once its form is idle: while a change is being answered the
 * buttons are aria-disabled and ignore clicks, which Playwright does not wait for by itself.
 */
export async function clickWhenIdle(button: Locator) {
  await expect.poll(() => button.getAttribute("aria-disabled"), { timeout: 15_000 }).toBeNull();
  await button.click();
}

/**
 * Checks that the product page shows `imageUrl` as the product's main image: `src` is the upload,
 * every `srcset` entry is one of its variants (`<base>/images/<width>/<name>`), the browser decoded
 * the image it chose, and the original and every variant answer HTTP 200 with an image.
 */
export async function expectProductPageImage(
  page: Page,
  slug: string,
  productName: string,
  imageUrl: string,
) {
  await openStorePage(page, `/product/${slug}`);
  const image = page.getByRole("img", { name: productName, exact: true });
  expect(await image.getAttribute("src")).toBe(imageUrl);
  const { base, name } = imageUrl.match(/^(?<base>.*)\/uploads\/(?<name>[^/]+)$/)?.groups ?? {};
  const variants = (await image.getAttribute("srcset"))
    ?.split(",")
    .map((entry) => entry.trim().split(" ")[0]!);
  expect(variants?.length).toBeGreaterThan(0);
  for (const variant of variants ?? [])
    expect(variant).toMatch(new RegExp(`^${escapeRegExp(base!)}/images/\\d+/${escapeRegExp(name!)}$`));
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  for (const url of [imageUrl, ...(variants ?? [])]) {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()["content-type"], url).toBe("image/webp");
  }
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
