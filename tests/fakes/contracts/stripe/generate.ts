/**
 * Regenerates requests.json: the request parameters of the Stripe endpoints the shop calls, as
 * JSON schemas, read from the parameter types of the installed `stripe` SDK (which Stripe generates
 * from its OpenAPI spec; node_modules/stripe/OPENAPI_VERSION names the spec version). Run after an
 * SDK upgrade: `node --import tsx tests/fakes/contracts/stripe/generate.ts`. See README.md.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The endpoints the shop calls (method, path pattern) and their parameter type in the SDK. */
export const ENDPOINTS: Array<[string, string, string]> = [
  ["POST", "/v1/coupons", "Stripe.CouponCreateParams"],
  ["POST", "/v1/checkout/sessions", "Stripe.Checkout.SessionCreateParams"],
  ["GET", "/v1/checkout/sessions/{session}", "Stripe.Checkout.SessionRetrieveParams"],
  ["POST", "/v1/checkout/sessions/{session}/expire", "Stripe.Checkout.SessionExpireParams"],
  ["GET", "/v1/subscriptions/{subscription}", "Stripe.SubscriptionRetrieveParams"],
  ["POST", "/v1/subscriptions/{subscription}", "Stripe.SubscriptionUpdateParams"],
  ["DELETE", "/v1/subscriptions/{subscription}", "Stripe.SubscriptionCancelParams"],
  ["POST", "/v1/products", "Stripe.ProductCreateParams"],
  ["POST", "/v1/billing_portal/sessions", "Stripe.BillingPortal.SessionCreateParams"],
  ["POST", "/v1/refunds", "Stripe.RefundCreateParams"],
  ["GET", "/v1/invoices/{invoice}", "Stripe.InvoiceRetrieveParams"],
  ["GET", "/v1/webhook_endpoints", "Stripe.WebhookEndpointListParams"],
  ["POST", "/v1/webhook_endpoints", "Stripe.WebhookEndpointCreateParams"],
  ["POST", "/v1/webhook_endpoints/{webhook_endpoint}", "Stripe.WebhookEndpointUpdateParams"],
];

type Schema = Record<string, unknown>;

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, "../../../..");

function generate() {
  const entry = path.join(here, "__params.ts");
  const source = [
    'import type Stripe from "stripe";',
    ...ENDPOINTS.map(([, , type], index) => `export type P${index} = ${type};`),
  ].join("\n");
  const host = ts.createCompilerHost({});
  const readFile = host.readFile;
  host.readFile = (file) => (file === entry ? source : readFile(file));
  const fileExists = host.fileExists;
  host.fileExists = (file) => file === entry || fileExists(file);
  const program = ts.createProgram(
    [entry],
    {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      strict: true,
    },
    host,
  );
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(entry)!;
  const aliases = file.statements.filter(ts.isTypeAliasDeclaration);
  const endpoints = ENDPOINTS.map(([method, pattern, type], index) => ({
    method,
    path: pattern,
    sdkType: type,
    params: toSchema(checker, checker.getTypeAtLocation(aliases[index]!.name), []),
  }));
  const sdk = JSON.parse(readFileSync(path.join(root, "node_modules/stripe/package.json"), "utf8"));
  const openapi = readFileSync(path.join(root, "node_modules/stripe/OPENAPI_VERSION"), "utf8").trim();
  const apiVersion = /ApiVersion = '([^']+)'/.exec(
    readFileSync(path.join(root, "node_modules/stripe/cjs/apiVersion.js"), "utf8"),
  )?.[1];
  const contract = {
    source: `stripe-node ${sdk.version} parameter types, generated from Stripe's OpenAPI spec ${openapi}`,
    apiVersion,
    endpoints,
  };
  writeFileSync(path.join(here, "requests.json"), `${JSON.stringify(contract)}\n`);
  console.log(`requests.json: ${endpoints.length} endpoints, API ${apiVersion}, spec ${openapi}`);
}

function toSchema(checker: ts.TypeChecker, type: ts.Type, stack: ts.Type[]): Schema {
  if (stack.includes(type) || stack.length > 14) return {};
  // The SDK widens request enums with `OtherString` (string & {}) for forward compatibility; the
  // API itself takes only the listed values, so the intersection is dropped.
  const parts = (type.isUnion() ? type.types : [type]).filter(
    (t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) && !t.isIntersection(),
  );
  const literals = parts.filter((t) => t.isStringLiteral()).map((t) => (t as ts.StringLiteralType).value);
  const others = parts.filter((t) => !t.isStringLiteral() && !(t.flags & ts.TypeFlags.BooleanLiteral));
  const hasBoolean = parts.some((t) => t.flags & ts.TypeFlags.BooleanLiteral);
  const options: Schema[] = [];
  if (hasBoolean) options.push({ type: "boolean" });
  const emptyable = literals.includes("") && (others.length > 0 || hasBoolean || literals.length > 1);
  const enumValues = literals.filter((value) => !emptyable || value !== "");
  if (enumValues.length > 0) options.push({ type: "string", enum: enumValues });
  for (const part of others) options.push(single(checker, part, [...stack, type]));
  if (emptyable) options.push({ type: "string", enum: [""] });
  return options.length === 1 ? options[0]! : { anyOf: options };
}

function single(checker: ts.TypeChecker, type: ts.Type, stack: ts.Type[]): Schema {
  if (type.flags & ts.TypeFlags.String) return { type: "string" };
  if (type.flags & ts.TypeFlags.Number) return { type: "number" };
  if (type.flags & ts.TypeFlags.Boolean) return { type: "boolean" };
  if (checker.isArrayType(type)) {
    const [item] = checker.getTypeArguments(type as ts.TypeReference);
    return { type: "array", items: item ? toSchema(checker, item, stack) : {} };
  }
  const name = type.aliasSymbol?.getName() ?? type.getSymbol()?.getName();
  if (name === "Decimal" || name === "DecimalImpl") return { type: "string", format: "decimal" };
  const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
  if (index) return { type: "object", additionalProperties: toSchema(checker, index.type, stack) };
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const property of checker.getPropertiesOfType(type)) {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    if (!declaration) continue;
    properties[property.getName()] = toSchema(
      checker,
      checker.getTypeOfSymbolAtLocation(property, declaration),
      stack,
    );
    if (!(property.flags & ts.SymbolFlags.Optional)) required.push(property.getName());
  }
  return {
    type: "object",
    properties,
    ...(required.length > 0 && { required }),
    additionalProperties: false,
  };
}

generate();
