/**
 * What a buyer types on the sandbox's card page (a US address and the test card that pays), for
 * scripts and tests that buy over plain HTTP.
 */
export function sandboxBuyer(name: string, email: string) {
  return {
    intent: "pay",
    name,
    email,
    phone: "555-0100",
    line1: "1 Main St",
    city: "Austin",
    state: "TX",
    postalCode: "78701",
    country: "US",
    cardNumber: "4242424242424242",
  };
}
