import { Clock, Mail, MapPin } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { PageHeader } from "~/components/store/page-header.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { useFormResetKey } from "~/lib/form-reset-key.ts";
import { formText, parseForm } from "~/lib/forms.ts";
import { pageTitle, publicUrlFrom, seoMeta } from "~/lib/store/seo.ts";
import { brand } from "~core/brand.ts";

import { contactSchema, submitContactMessage } from "~server/contact/contact.ts";
import { RateLimitedError } from "~server/errors.ts";
import { failureData, settle } from "~server/http/error-response.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import { contactLimits, hitRateLimits, rateLimitedMessage } from "~server/rate-limit/rate-limit.ts";
import type { Route } from "./+types/contact";

const FAILED = {
  title: "Failed to send message",
  description: "There was a problem sending your message. Please try again later.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formText(form);
  const parsed = parseForm(contactSchema, form);
  if (!parsed.ok) return data({ values, errors: parsed.errors, formError: null, toast: null }, 400);

  const { db } = context.database;
  const inbox = context.config.mail.shopInbox ?? brand.supportEmail;
  const sent = await settle(
    context.log,
    "contact message could not be stored",
    async () => {
      const limit = await hitRateLimits(db, contactLimits(context.clientIp));
      if (!limit.allowed) {
        const description = rateLimitedMessage(limit.retryAfterSeconds);
        throw new RateLimitedError({ title: FAILED.title, description }, limit.retryAfterSeconds);
      }
      await submitContactMessage(db, { mailer: context.mailer, log: context.log, inbox }, parsed.data);
    },
    { ...FAILED, status: 500 },
  );
  // What was typed stays, with the reason above the form and in a toast.
  if (!sent.ok) return failureData(sent, { values, errors: {}, formError: sent.message.description ?? null });
  return redirectWithToast("/contact", {
    title: "Message Sent!",
    description: "Thank you for contacting us. We will get back to you soon.",
    variant: "success",
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(
    {
      title: pageTitle("Contact Us"),
      description: `Questions about shilajit, your order or bulk purchases? Write to ${brand.name}: our team in Dallas, Texas answers quickly.`,
      path: "/contact",
    },
    publicUrlFrom(matches),
  );
}

const hours = [
  ["Monday - Friday", "9:00 AM - 5:00 PM"],
  ["Saturday", "10:00 AM - 2:00 PM"],
  ["Sunday", "Closed"],
] as const;

export default function Contact({ actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  // Empty again after a successful send; what was typed stays after a refusal.
  const formKey = useFormResetKey(actionData !== undefined);
  const submitting = useNavigation().state === "submitting";
  const values = actionData?.values ?? {};
  const errors: Record<string, string> = actionData?.errors ?? {};

  return (
    <>
      <PageHeader
        title="Contact Us"
        intro="Have a question about our shilajit, your order or a bulk purchase? Send us a message and we will get back to you soon."
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[3fr_2fr] lg:px-8">
        <section aria-labelledby="contact-form-heading" className="rounded-lg border bg-card p-6 sm:p-8">
          <h2 id="contact-form-heading" className="text-2xl font-semibold">
            Send Us a Message
          </h2>
          <Form key={formKey} method="post" noValidate className="mt-6 flex flex-col gap-5">
            {actionData?.formError && (
              <p
                role="alert"
                className="rounded-md border border-destructive-text/50 bg-destructive/20 p-3 text-sm"
              >
                {actionData.formError}
              </p>
            )}
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField label="Name" name="name" required error={errors.name}>
                {(p) => <Input {...p} autoComplete="name" defaultValue={values.name} />}
              </FormField>
              <FormField label="Email" name="email" required error={errors.email}>
                {(p) => <Input {...p} type="email" autoComplete="email" defaultValue={values.email} />}
              </FormField>
            </div>
            <FormField label="Phone" name="phone" required error={errors.phone}>
              {(p) => <Input {...p} type="tel" autoComplete="tel" defaultValue={values.phone} />}
            </FormField>
            <FormField label="Message" name="message" required error={errors.message}>
              {(p) => <Textarea {...p} rows={6} defaultValue={values.message} />}
            </FormField>
            <Button type="submit" size="lg" disabled={submitting} className="self-start">
              {submitting ? "Sending..." : "Send Message"}
            </Button>
          </Form>
        </section>

        <aside className="flex flex-col gap-6">
          <section aria-labelledby="contact-info-heading" className="rounded-lg border bg-card p-6">
            <h2 id="contact-info-heading" className="text-2xl font-semibold">
              Contact Information
            </h2>
            <ul className="mt-4 flex flex-col gap-4 text-sm">
              <li className="flex gap-3">
                <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                <p>
                  <span className="block font-semibold">Office</span>
                  <span className="text-muted-foreground">USA, Dallas, Texas</span>
                </p>
              </li>
              <li className="flex gap-3">
                <Mail className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                <p>
                  <span className="block font-semibold">Email</span>
                  <a
                    href={`mailto:${brand.supportEmail}`}
                    className="text-muted-foreground hover:text-primary"
                  >
                    {brand.supportEmail}
                  </a>
                </p>
              </li>
            </ul>
          </section>
          <section aria-labelledby="hours-heading" className="rounded-lg border bg-card p-6">
            <h2 id="hours-heading" className="flex items-center gap-2 text-2xl font-semibold">
              <Clock className="size-5 text-primary" aria-hidden />
              Business Hours
            </h2>
            <dl className="mt-4 flex flex-col gap-2 text-sm">
              {hours.map(([day, time]) => (
                <div key={day} className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">{day}</dt>
                  <dd className="font-medium">{time}</dd>
                </div>
              ))}
            </dl>
          </section>
        </aside>
      </div>
    </>
  );
}
