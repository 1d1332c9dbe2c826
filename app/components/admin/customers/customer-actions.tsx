import { Form } from "react-router";
import { ConfirmSubmit } from "~/components/admin/confirm-submit.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { InputField } from "~/components/ui/input-field.tsx";
import { Label } from "~/components/ui/label.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import type { FieldErrors } from "~/lib/forms.ts";

type Customer = {
  name: string | null;
  email: string;
  guest: boolean;
  emailVerified: boolean;
  signInDisabled: boolean;
  note: string;
  tags: string[];
};

type Props = {
  customer: Customer;
  mayEdit: boolean;
  busy: boolean;
  errors: FieldErrors;
  values: Record<string, string> | null;
};

/** Posts one intent with a button (no fields). */
function IntentButton({
  intent,
  children,
  busy,
}: {
  intent: string;
  children: React.ReactNode;
  busy: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant="outline" className="w-full" disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}

function AccountActions({ customer, busy, errors, values }: Omit<Props, "mayEdit">) {
  const typed = values?.intent === "details" ? values : null;
  const attach = values?.intent === "attach" ? values : null;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Account</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <IntentButton intent="reset" busy={busy}>
            Send password reset link
          </IntentButton>
          {!customer.emailVerified && (
            <IntentButton intent="verify" busy={busy}>
              Resend verification email
            </IntentButton>
          )}
          {customer.signInDisabled ? (
            <IntentButton intent="enable" busy={busy}>
              Enable sign-in
            </IntentButton>
          ) : (
            <ConfirmSubmit
              fields={{ intent: "disable" }}
              title="Disable sign-in?"
              question="The customer is signed out everywhere at once and cannot sign in until you enable it again."
              confirmLabel="Disable sign-in"
            >
              <Button type="submit" variant="destructive" className="w-full" disabled={busy}>
                Disable sign-in
              </Button>
            </ConfirmSubmit>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Name and email</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="details" />
            <InputField
              id="customer-name"
              name="name"
              label="Name"
              defaultValue={typed?.name ?? customer.name ?? ""}
              error={errors.name}
              required
              maxLength={100}
            />
            <InputField
              id="customer-email"
              name="email"
              type="email"
              label="Email"
              defaultValue={typed?.email ?? customer.email}
              error={errors.email}
              hint="A new email is unverified until the customer follows the link sent to it."
              required
            />
            <Button type="submit" disabled={busy}>
              Save details
            </Button>
          </Form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Attach a guest order</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="attach" />
            <InputField
              id="attach-number"
              name="orderNumber"
              label="Order number"
              inputMode="numeric"
              defaultValue={attach?.orderNumber ?? ""}
              error={errors.orderNumber}
              required
            />
            <InputField
              id="attach-email"
              name="orderEmail"
              type="email"
              label="Email on the order"
              defaultValue={attach?.orderEmail ?? ""}
              error={errors.orderEmail}
              required
            />
            <Button type="submit" variant="outline" disabled={busy}>
              Attach order
            </Button>
          </Form>
        </CardContent>
      </Card>
    </>
  );
}

/** The staff's actions on one customer: account emails, sign-in, details, guest orders, note and tags. */
export function CustomerActions({ customer, mayEdit, busy, errors, values }: Props) {
  const noted = values && !values.intent ? values : null;
  return (
    <>
      {mayEdit && !customer.guest && (
        <AccountActions customer={customer} busy={busy} errors={errors} values={values} />
      )}
      <Card>
        <CardHeader>
          <CardTitle>Internal note and tags</CardTitle>
        </CardHeader>
        <CardContent>
          {/* Keyed by what is saved: after a save the fields show the stored (normalised) values. */}
          <Form
            key={`${customer.note}\u0000${customer.tags.join(",")}`}
            method="post"
            className="flex flex-col gap-3"
          >
            <div className="flex flex-col gap-2">
              <Label htmlFor="customer-note">Note (staff only)</Label>
              <Textarea
                id="customer-note"
                name="note"
                defaultValue={noted?.note ?? customer.note}
                readOnly={!mayEdit}
                maxLength={5000}
                aria-invalid={errors.note ? true : undefined}
              />
              {errors.note && <p className="text-sm text-destructive-text">{errors.note}</p>}
            </div>
            <InputField
              id="customer-tags"
              name="tags"
              label="Tags"
              hint="Separated by commas, e.g. wholesale, vip"
              defaultValue={noted?.tags ?? customer.tags.join(", ")}
              readOnly={!mayEdit}
              error={errors.tags}
            />
            {mayEdit && (
              <Button type="submit" disabled={busy}>
                Save note and tags
              </Button>
            )}
          </Form>
        </CardContent>
      </Card>
    </>
  );
}
