import { z } from "zod";

const required = (label: string) => z.string().trim().min(1, `${label} is required`).max(200);

/** What the sandbox's hosted page collects, like a real provider's checkout would. */
export const sandboxPaySchema = z.object({
  name: required("Full name"),
  email: z.string().trim().email("Enter a valid email address").max(200),
  phone: required("Phone"),
  line1: required("Address"),
  line2: z.string().trim().max(200).optional(),
  city: required("City"),
  state: required("State"),
  postalCode: required("ZIP code"),
  country: required("Country"),
  cardNumber: z.string().trim().max(30).optional(),
});
