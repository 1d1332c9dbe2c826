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

/** An address in a state without sales tax (the sandbox's demo prefill is one too). */
export const testShippingAddress = {
  name: "Casey Buyer",
  phone: "+1 503 555 0123",
  line1: "500 SW Broadway",
  line2: "",
  city: "Portland",
  state: "OR",
  postalCode: "97205",
};

export type TestAddress = typeof testShippingAddress;

/** Types an address into the checkout's first step (role/label locators, as a buyer would). */
export async function fillShippingAddress(page: Page, address: TestAddress = testShippingAddress) {
  await page.getByRole("textbox", { name: "Full name" }).fill(address.name);
  await page.getByRole("textbox", { name: "Phone" }).fill(address.phone);
  await page.getByRole("textbox", { name: "Street address" }).fill(address.line1);
  await page.getByRole("textbox", { name: "Apartment, suite (optional)" }).fill(address.line2);
  await page.getByRole("textbox", { name: "City" }).fill(address.city);
  await page.getByRole("combobox", { name: "State" }).selectOption(address.state);
  await page.getByRole("textbox", { name: "ZIP code" }).fill(address.postalCode);
}

/**
 * The checkout's first step: keeps what is offered (a saved address, the demo prefill) unless an
 * address is given or the form is empty, then continues to the payment step.
 */
export async function continueToPayment(page: Page, address?: TestAddress) {
  const newAddress = page.getByRole("radio", { name: "A new address (below)" });
  if (address && (await newAddress.count()) > 0) await newAddress.check();
  const typedName = await page.getByRole("textbox", { name: "Full name" }).inputValue();
  if (address || (typedName === "" && (await newAddress.count()) === 0))
    await fillShippingAddress(page, address);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("heading", { name: "Ship to" }).waitFor();
}

/**
 * Opens /checkout (hydrated), waits for its heading and, when it asks where the order goes,
 * completes that step, so the page shows the payment step.
 */
export async function openCheckout(page: Page, address?: TestAddress) {
  await openStorePage(page, "/checkout");
  await page.getByRole("heading", { name: "Checkout", level: 1 }).waitFor();
  if (await page.getByRole("button", { name: "Continue to payment" }).isVisible())
    await continueToPayment(page, address);
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
  await untilCartAnswered(button);
}

/**
 * Waits until a cart button's form is idle: the badge and the totals change before the server
 * answers, and a full page load before the answer would cut the request off.
 */
export async function untilCartAnswered(button: Locator) {
  await expect.poll(() => button.getAttribute("aria-disabled"), { timeout: 15_000 }).toBeNull();
}

/**
 * Clicks a cart button (+, -, Remove) once its form is idle: while a change is being answered the
 * buttons are aria-disabled and ignore clicks, which Playwright does not wait for by itself.
 */
export async function clickWhenIdle(button: Locator) {
  await untilCartAnswered(button);
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
