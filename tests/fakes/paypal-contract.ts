import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2019, { type ErrorObject, type ValidateFunction } from "ajv/dist/2019.js";

/**
 * PayPal's published request contract, as the fake checks it: every request body the shop sends
 * is validated against the request schema of PayPal's REST OpenAPI specification for that
 * operation (tests/fakes/contracts/paypal/, cut from PayPal's specs by extract.ts there; source and
 * commit in each file's x-source). Types, enums, patterns, lengths and required fields come from
 * the spec; a field the spec does not define is refused too (PayPal's JSON mapping drops or refuses
 * it; a fake that accepts it would hide a typo). Then the rules PayPal enforces beyond the schema:
 * positive amounts and a breakdown that adds up (AMOUNT_MISMATCH, ITEM_TOTAL_MISMATCH…).
 */

type Json = Record<string, unknown>;
export type ContractReply = { status: number; body: Json };

const SPECS = [
  "checkout_orders_v2",
  "payments_payment_v2",
  "catalogs_products_v1",
  "billing_subscriptions_v1",
  "notifications_webhooks_v1",
];

const directory = join(import.meta.dirname, "contracts", "paypal");

/** A spec's component schemas, made strict: no field the schema does not name. */
function strictSchemas(spec: Json): Record<string, Json> {
  const schemas = structuredClone((spec.components as { schemas: Record<string, Json> }).schemas);
  const out: Record<string, Json> = {};
  // A schema extended with allOf is checked as the whole (unevaluatedProperties sees every branch);
  // as a branch it must stay open, so branches point at a "lax" copy.
  const laxRef = (ref: string) => `${ref}__lax`;
  const rewrite = (schema: Json): Json => {
    const copy = { ...schema };
    if (Array.isArray(copy.allOf))
      copy.allOf = (copy.allOf as Json[]).map((branch) =>
        typeof branch.$ref === "string" ? { $ref: laxRef(branch.$ref) } : branch,
      );
    return copy;
  };
  for (const [name, schema] of Object.entries(schemas)) {
    const rewritten = rewrite(schema);
    out[`${name}__lax`] = rewritten;
    const isObject = rewritten.properties !== undefined || rewritten.allOf !== undefined;
    out[name] =
      isObject && rewritten.additionalProperties === undefined
        ? { ...rewritten, unevaluatedProperties: false }
        : rewritten;
  }
  return out;
}

type Operation = { method: string; pattern: RegExp; validate: ValidateFunction | null; spec: string };

/** PayPal's patterns are written for ECMAScript without the "u" flag (some are invalid with it). */
const paypalRegExp = Object.assign(
  (pattern: string, flags: string) => new RegExp(pattern, flags.replace("u", "")),
  {
    code: "new RegExp",
  },
);

function loadOperations(): Operation[] {
  const ajv = new Ajv2019({
    allErrors: true,
    strict: false,
    validateFormats: false,
    code: { regExp: paypalRegExp },
  });
  const operations: Operation[] = [];
  for (const name of SPECS) {
    const spec = JSON.parse(readFileSync(join(directory, `${name}.json`), "utf8")) as Json;
    ajv.addSchema({ $id: name, components: { schemas: strictSchemas(spec) } });
    for (const [path, methods] of Object.entries(spec.paths as Record<string, Record<string, Json>>)) {
      const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
      for (const [method, operation] of Object.entries(methods)) {
        const requestBody = operation.requestBody as
          | { content?: Record<string, { schema?: Json }> }
          | undefined;
        const ref = requestBody?.content?.["application/json"]?.schema?.$ref as string | undefined;
        const validate = ref ? ajv.compile({ $ref: `${name}${ref}` }) : null;
        operations.push({ method: method.toUpperCase(), pattern, validate, spec: name });
      }
    }
  }
  return operations;
}

let operations: Operation[] | undefined;

/** Compiles the contract once per process (the first fake to start pays for it). */
export function loadPaypalContract(): void {
  operations ??= loadOperations();
}

const debugId = () => Math.random().toString(16).slice(2, 14);

/** PayPal's 400 shape for a body that violates the schema. */
function invalidRequest(errors: ErrorObject[]): ContractReply {
  return {
    status: 400,
    body: {
      name: "INVALID_REQUEST",
      message: "Request is not well-formed, syntactically incorrect, or violates schema.",
      debug_id: debugId(),
      details: errors.slice(0, 10).map((error) => {
        const unknown = error.keyword === "unevaluatedProperties";
        const missing = error.keyword === "required";
        const field = `${error.instancePath}${
          unknown ? `/${(error.params as { unevaluatedProperty: string }).unevaluatedProperty}` : ""
        }${missing ? `/${(error.params as { missingProperty: string }).missingProperty}` : ""}`;
        return {
          field: field || "/",
          location: "body",
          issue: issueOf(error),
          description: unknown ? "A field the API does not define was sent." : error.message,
        };
      }),
    },
  };
}

function issueOf(error: ErrorObject): string {
  switch (error.keyword) {
    case "required":
      return "MISSING_REQUIRED_PARAMETER";
    case "unevaluatedProperties":
      return "MALFORMED_REQUEST_JSON";
    case "minLength":
    case "maxLength":
      return "INVALID_STRING_LENGTH";
    case "maxItems":
      return "INVALID_ARRAY_MAX_ITEMS";
    case "minItems":
      return "INVALID_ARRAY_MIN_ITEMS";
    case "enum":
      return "INVALID_PARAMETER_VALUE";
    default:
      return "INVALID_PARAMETER_SYNTAX";
  }
}

/** PayPal's 422 shape for a body that is well-formed but breaks a business rule. */
export function unprocessable(issue: string, field: string, description: string): ContractReply {
  return {
    status: 422,
    body: {
      name: "UNPROCESSABLE_ENTITY",
      message:
        "The requested action could not be performed, semantically incorrect, or failed business validation.",
      debug_id: debugId(),
      details: [{ field, location: "body", issue, description }],
      links: [
        {
          href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`,
          rel: "information_link",
          method: "GET",
        },
      ],
    },
  };
}

/**
 * The refusal PayPal would answer to this request, or null when it honours the contract. A path
 * the contract does not list is refused too: the shop calling an operation nobody checked.
 */
export function checkPaypalRequest(method: string, path: string, body: unknown): ContractReply | null {
  operations ??= loadOperations();
  const operation = operations.find((o) => o.method === method && o.pattern.test(path));
  if (!operation)
    return {
      status: 404,
      body: { name: "RESOURCE_NOT_FOUND", message: `${method} ${path} is not in the contract` },
    };
  if (operation.validate && !operation.validate(body)) return invalidRequest(operation.validate.errors ?? []);
  if (method === "POST" && path === "/v2/checkout/orders") return checkOrderAmounts(body as Json);
  if (method === "POST" && /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(path)) {
    const amount = (body as Json).amount as Json | undefined;
    if (amount && !(cents(amount) > 0))
      return unprocessable("CANNOT_BE_ZERO_OR_NEGATIVE", "/amount/value", "Must be greater than zero.");
  }
  return null;
}

const cents = (money: Json) => Math.round(Number(money.value) * 100);

type Money = { value: string; currency_code: string };
type Unit = {
  amount: Money & { breakdown?: Record<string, Money | undefined> };
  items?: { quantity: string; unit_amount: Money; tax?: Money }[];
};

/** Orders v2's amount rules, per purchase unit, with PayPal's issue names. */
function checkOrderAmounts(body: Json): ContractReply | null {
  const units = body.purchase_units as Unit[];
  for (const [index, unit] of units.entries()) {
    const at = `/purchase_units/${index}`;
    if (!(cents(unit.amount) > 0))
      return unprocessable("CANNOT_BE_ZERO_OR_NEGATIVE", `${at}/amount/value`, "Must be greater than zero.");
    for (const [i, item] of (unit.items ?? []).entries()) {
      if (cents(item.unit_amount) < 0)
        return unprocessable(
          "CANNOT_BE_NEGATIVE",
          `${at}/items/${i}/unit_amount/value`,
          "Must be 0 or more.",
        );
    }
    const breakdown = unit.amount.breakdown;
    if (unit.items?.length && !breakdown?.item_total)
      return unprocessable(
        "ITEM_TOTAL_REQUIRED",
        `${at}/amount/breakdown/item_total`,
        "Required with items.",
      );
    if (!breakdown) continue;
    const part = (name: string) => (breakdown[name] ? cents(breakdown[name] as Json) : 0);
    for (const name of Object.keys(breakdown)) {
      if (part(name) < 0)
        return unprocessable(
          "CANNOT_BE_NEGATIVE",
          `${at}/amount/breakdown/${name}/value`,
          "Must be 0 or more.",
        );
    }
    if (unit.items?.length) {
      const items = unit.items.reduce((sum, i) => sum + cents(i.unit_amount) * Number(i.quantity), 0);
      if (items !== part("item_total"))
        return unprocessable(
          "ITEM_TOTAL_MISMATCH",
          `${at}/amount/breakdown/item_total/value`,
          "Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.",
        );
      const taxed = unit.items.some((i) => i.tax);
      const tax = unit.items.reduce((sum, i) => sum + (i.tax ? cents(i.tax) * Number(i.quantity) : 0), 0);
      if (taxed && tax !== part("tax_total"))
        return unprocessable(
          "TAX_TOTAL_MISMATCH",
          `${at}/amount/breakdown/tax_total/value`,
          "Should equal sum of (tax * quantity) across all items for a given purchase_unit.",
        );
    }
    const total =
      part("item_total") +
      part("tax_total") +
      part("shipping") +
      part("handling") +
      part("insurance") -
      part("shipping_discount") -
      part("discount");
    if (total !== cents(unit.amount))
      return unprocessable(
        "AMOUNT_MISMATCH",
        `${at}/amount/value`,
        "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
      );
  }
  return null;
}
