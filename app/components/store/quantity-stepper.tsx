import { Minus, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button.tsx";

type QuantityStepperProps = {
  id: string;
  name: string;
  value: number;
  onChange: (value: number) => void;
  max: number;
  itemName: string;
  /** Id of the message explaining why the typed value was refused. */
  errorId?: string;
};

/**
 * Minus / number / plus. Never goes below 1 or above `max`; what the shopper types is kept as
 * typed (the server validates it), so a bad value gets the server's message rather than vanishing.
 */
export function QuantityStepper({ id, name, value, onChange, max, itemName, errorId }: QuantityStepperProps) {
  const [text, setText] = useState(String(value));
  const set = (next: number) => {
    const clamped = Math.min(max, Math.max(1, next));
    onChange(clamped);
    setText(String(clamped));
  };
  return (
    <div className="flex w-fit items-center rounded-md border border-input">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Decrease quantity of ${itemName}`}
        disabled={value <= 1}
        onClick={() => set(value - 1)}
      >
        <Minus aria-hidden />
      </Button>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        required
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const parsed = Number(event.target.value);
          if (Number.isInteger(parsed) && parsed >= 1 && parsed <= max) onChange(parsed);
        }}
        className="h-10 w-14 border-x border-input bg-transparent text-center text-base tabular-nums [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
      />
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Increase quantity of ${itemName}`}
        disabled={value >= max}
        onClick={() => set(value + 1)}
      >
        <Plus aria-hidden />
      </Button>
    </div>
  );
}
