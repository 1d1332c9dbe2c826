import { ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { PageHeader } from "~/components/store/page-header.tsx";
import { type ShownResult, ValidityResultPanel } from "~/components/store/validity-result.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { pageTitle, publicUrlFrom, seoMeta } from "~/lib/store/seo.ts";
import { brand } from "~core/brand.ts";
import { actionToast } from "~core/toast.ts";
import { failureData, settle } from "~server/http/error-response.ts";
import { hitRateLimits, rateLimitedMessage, validityLimits } from "~server/rate-limit/rate-limit.ts";
import { checkValidityCode, clientHashOf } from "~server/validity/validity.ts";
import type { Route } from "./+types/validity";

type Result = ShownResult | null;

export async function action({ request, context }: Route.ActionArgs) {
  const raw = (await request.formData()).get("code");
  const code = typeof raw === "string" ? raw.trim() : "";
  if (!code)
    return data(
      {
        code,
        result: null as Result,
        message: "Please enter a batch number.",
        toast: null,
      },
      400,
    );

  const { db } = context.database;
  const limit = await hitRateLimits(db, validityLimits(context.clientIp));
  if (!limit.allowed) {
    const message = rateLimitedMessage(limit.retryAfterSeconds);
    return data(
      {
        code,
        result: null as Result,
        message,
        toast: actionToast({
          title: "Error",
          description: message,
          variant: "destructive",
        }),
      },
      {
        status: 429,
        headers: { "Retry-After": String(limit.retryAfterSeconds) },
      },
    );
  }
  const checked = await settle(
    context.log,
    "validity lookup failed",
    () => checkValidityCode(db, code, clientHashOf(context.config.authSecret, context.clientIp)),
    {
      title: "Error",
      description: "Failed to verify the product. Please try again.",
      status: 500,
    },
  );
  if (checked.ok)
    return {
      code,
      result: checked.value as Result,
      message: null,
      toast: null,
    };
  // As the spec says: the failure is reported and the result is shown as invalid.
  const invalid: Result = {
    code,
    valid: false,
    outcome: "unknown",
    batch: null,
    firstVerifiedAt: null,
  };
  return failureData(checked, { code, result: invalid, message: null });
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(
    {
      title: pageTitle("Product Validity Check"),
      description: `Check that your ${brand.name} jar is genuine: enter the batch number from the lid (for example SH1001) and get the result instantly.`,
      path: "/validity",
    },
    publicUrlFrom(matches),
  );
}

const steps = [
  "Find the batch number printed on your bottle lid.",
  "Enter the batch number in the field below.",
  "Press Verify Product and get your result instantly.",
] as const;

const reasons = [
  "Protect yourself from counterfeit products sold under our name.",
  "Make sure you received genuine, lab-tested Himalayan shilajit.",
  "Confirm the quality and purity of the batch you are taking.",
  "Support authorized sellers and report unauthorized resale.",
] as const;

export default function Validity({ actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const [code, setCode] = useState(actionData?.code ?? "");
  // Before hydration the button stays enabled so the form also works without JavaScript.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const submitting = useNavigation().state === "submitting";

  return (
    <>
      <PageHeader
        title="Product Validity Check"
        intro={`Make sure your ${brand.name} product is genuine by checking its batch number.`}
      />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:px-8">
        <section aria-labelledby="guide-heading" className="flex flex-col gap-6">
          <div className="rounded-lg border bg-card p-6">
            <h2 id="guide-heading" className="text-2xl font-semibold">
              How to Verify Your Product
            </h2>
            <ol className="mt-4 flex flex-col gap-3">
              {steps.map((step, i) => (
                <li key={step} className="flex gap-3 text-muted-foreground">
                  <span
                    aria-hidden
                    className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                  >
                    {i + 1}
                  </span>
                  {step}
                </li>
              ))}
            </ol>
            <div className="mt-6 rounded-md border border-primary/40 bg-background p-4">
              <p className="text-sm font-semibold">
                Example format: <span className="font-mono text-primary">SH1001</span>
              </p>
              <p className="mt-1 text-sm text-muted-foreground">
                The batch number typically starts with SH followed by 4 digits.
              </p>
            </div>
          </div>
          <div className="rounded-lg border bg-card p-6">
            <h2 className="text-2xl font-semibold">Why Verify Your Product?</h2>
            <ul className="mt-4 flex flex-col gap-3">
              {reasons.map((reason) => (
                <li key={reason} className="flex gap-3 text-muted-foreground">
                  <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                  {reason}
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="check-heading" className="flex flex-col gap-6">
          <div className="rounded-lg border bg-card p-6">
            <h2 id="check-heading" className="text-2xl font-semibold">
              Check Your Batch Number
            </h2>
            <Form method="post" className="mt-4 flex flex-col gap-3">
              <Label htmlFor="validity-code">Batch Number</Label>
              <Input
                id="validity-code"
                name="code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                placeholder="e.g. SH1001"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                aria-describedby={actionData?.message ? "validity-message" : undefined}
              />
              {actionData?.message && (
                <p id="validity-message" role="alert" className="text-sm text-destructive-text">
                  {actionData.message}
                </p>
              )}
              <Button type="submit" size="lg" disabled={submitting || (hydrated && code.trim() === "")}>
                {submitting ? "Verifying..." : "Verify Product"}
              </Button>
            </Form>
          </div>
          <div role="status" aria-live="polite">
            {actionData?.result && <ValidityResultPanel result={actionData.result} />}
          </div>
        </section>
      </div>
    </>
  );
}
