import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import type { CustomerProfile } from "~server/customers/profile.ts";

type Address = {
  name?: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

function AddressLines({ address }: { address: Address }) {
  return (
    <address className="not-italic text-sm">
      {address.name && <div>{address.name}</div>}
      <div>{address.line1}</div>
      {address.line2 && <div>{address.line2}</div>}
      <div>
        {address.city}, {address.state} {address.postalCode}
      </div>
      <div>{address.country}</div>
    </address>
  );
}

/** Email, phone, the address book and the last shipping address. */
export function CustomerContact({ profile }: { profile: CustomerProfile }) {
  const { customer, addresses, lastShipping } = profile;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Email</dt>
          <dd className="break-all">{customer.email}</dd>
          <dt className="text-muted-foreground">Phone</dt>
          <dd>{customer.phone ?? "—"}</dd>
        </dl>
        <div>
          <h4 className="mb-2 font-medium">Addresses</h4>
          {addresses.length === 0 && !lastShipping && <p className="text-muted-foreground">No addresses.</p>}
          <ul className="flex flex-col gap-3">
            {addresses.map((address) => (
              <li key={address.id}>
                <AddressLines address={address} />
                {address.isDefault && <span className="text-xs text-muted-foreground">Default</span>}
              </li>
            ))}
            {addresses.length === 0 && lastShipping && (
              <li>
                <AddressLines address={lastShipping} />
                <span className="text-xs text-muted-foreground">Last shipping address</span>
              </li>
            )}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
