import { Form } from "react-router";
import { SubmitButton } from "~/components/account/submit-button.tsx";
import { formatMoney } from "~core/pricing/money.ts";

/**
 * The self-service forms of one subscription (/account/subscriptions/:id). Plain HTML forms: each
 * posts its intent and works without JavaScript; a refusal comes back with its message in `answer`.
 */
type Answer =
  | { intent: string; values: Record<string, string>; errors: Partial<Record<string, string>> }
  | undefined;

const field = "rounded-md border bg-background px-2 py-1.5 text-sm";
const section = "flex flex-col gap-3 rounded-lg border bg-card p-5";

function FieldError({ answer, intent, name }: { answer: Answer; intent: string; name: string }) {
  const message = answer?.intent === intent ? answer.errors[name] : undefined;
  return message ? (
    <p id={`${intent}-${name}-error`} className="text-sm text-destructive-text">
      {message}
    </p>
  ) : null;
}

export function PauseForms({
  provider,
  pausedUntil,
  skipped = false,
  answer,
}: {
  provider: string;
  pausedUntil: string | null;
  /** The pause is a skipped delivery: it reads as skipped and is undone, not "resumed". */
  skipped?: boolean;
  answer: Answer;
}) {
  if (pausedUntil) {
    return (
      <Form method="post" className={section}>
        <h2 className="font-display text-xl">{skipped ? "Next delivery skipped" : "Paused"}</h2>
        <SubmitButton
          intent="resume"
          pendingLabel={skipped ? "Undoing..." : "Resuming..."}
          className="self-start"
        >
          {skipped ? "Undo skip" : "Resume subscription"}
        </SubmitButton>
      </Form>
    );
  }
  const months = answer?.intent === "pause" ? answer.values.months : "1";
  return (
    <section aria-labelledby="pause-heading" className={section}>
      <h2 id="pause-heading" className="font-display text-xl">
        Skip or pause
      </h2>
      {provider !== "paypal" && (
        <Form method="post">
          <SubmitButton intent="skip" pendingLabel="Skipping..." variant="outline" className="self-start">
            Skip next delivery
          </SubmitButton>
        </Form>
      )}
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          Pause for
          <select name="months" defaultValue={months} className={field}>
            <option value="1">1 month</option>
            <option value="2">2 months</option>
            <option value="3">3 months</option>
          </select>
        </label>
        <SubmitButton intent="pause" pendingLabel="Pausing..." variant="outline" className="">
          Pause subscription
        </SubmitButton>
        <FieldError answer={answer} intent="pause" name="months" />
      </Form>
    </section>
  );
}

type Item = { variantId?: string; productId: string; name: string; weight: string; quantity: number };
type Option = { variantId: string; productId: string; label: string; priceCents: number };

function VariantOptions({ options }: { options: Option[] }) {
  return options.map((option) => (
    <option key={option.variantId} value={option.variantId}>
      {`${option.label} – ${formatMoney(option.priceCents)}`}
    </option>
  ));
}

/** Each line's size and quantity (0 removes it) and one product to add; priced by the server. */
export function ItemsForm({ items, options, answer }: { items: Item[]; options: Option[]; answer: Answer }) {
  return (
    <Form method="post" className={section}>
      <h2 className="font-display text-xl">Change items</h2>
      <p className="text-sm text-muted-foreground">
        Applies from your next renewal, at today's prices with your subscription discount. Quantity 0 removes
        an item.
      </p>
      {items.map((item) => (
        <fieldset
          key={`${item.productId}-${item.variantId}-${item.weight}`}
          className="flex flex-wrap items-end gap-3"
        >
          <legend className="sr-only">{item.name}</legend>
          <label className="flex flex-col gap-1 text-sm">
            {`Size of ${item.name}`}
            <select name="variantId" defaultValue={item.variantId} className={field}>
              <VariantOptions options={options.filter((option) => option.productId === item.productId)} />
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {`Quantity of ${item.name}`}
            <input
              name="quantity"
              inputMode="numeric"
              defaultValue={item.quantity}
              className={`${field} w-20`}
            />
          </label>
        </fieldset>
      ))}
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          Add a product
          <select name="addVariantId" defaultValue="" className={field}>
            <option value="">None</option>
            <VariantOptions options={options} />
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Quantity to add
          <input name="addQuantity" inputMode="numeric" defaultValue="1" className={`${field} w-20`} />
        </label>
      </div>
      {["quantity", "variantId", "addVariantId", "addQuantity", "items"].map((name) => (
        <FieldError key={name} answer={answer} intent="items" name={name} />
      ))}
      <SubmitButton intent="items" pendingLabel="Saving..." className="self-start">
        Save items
      </SubmitButton>
    </Form>
  );
}

export function PaymentMethodForm() {
  return (
    <Form method="post" reloadDocument className={section}>
      <h2 className="font-display text-xl">Payment method</h2>
      <SubmitButton
        intent="payment-method"
        pendingLabel="Opening..."
        variant="outline"
        className="self-start"
      >
        Update payment method
      </SubmitButton>
    </Form>
  );
}
