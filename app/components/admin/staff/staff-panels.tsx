import { Form } from "react-router";
import { ConfirmSubmit } from "~/components/admin/confirm-submit.tsx";
import { Field } from "~/components/admin/field.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { Input } from "~/components/ui/input.tsx";
import { PlainTable } from "~/components/ui/plain-table.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { type RoleKey, roleKeys, roles } from "~core/staff/roles.ts";

type Member = { id: string; name: string; email: string; role: string; twoFactorEnabled: boolean };
type Invitation = { id: string; email: string; name: string; role: string; expiresAt: Date | string };

const selectClass = "h-9 rounded-md border border-input bg-background px-2 text-sm";
const roleName = (key: string) => roles[key as RoleKey]?.name ?? key;
const dateText = (value: Date | string) =>
  new Date(value).toLocaleDateString("en-US", { dateStyle: "medium" });

function RoleSelect({
  id,
  name = "role",
  value,
  label,
}: {
  id: string;
  name?: string;
  value?: string;
  label: string;
}) {
  return (
    <select
      id={id}
      name={name}
      defaultValue={value ?? "fulfilment"}
      aria-label={label}
      className={selectClass}
    >
      {roleKeys.map((key) => (
        <option key={key} value={key}>
          {roles[key].name}
        </option>
      ))}
    </select>
  );
}

/** Everyone on the staff: their role (changeable), two-factor, removal. */
export function StaffList({ staff, me }: { staff: Member[]; me: string }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-lg font-semibold">Staff members</h2>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <PlainTable
          caption="Staff members"
          rows={staff}
          columns={[
            {
              header: "Name",
              cell: (m) => (
                <span>
                  {m.name}
                  {m.id === me && <span className="text-muted-foreground"> (you)</span>}
                  <span className="block text-xs text-muted-foreground">{m.email}</span>
                </span>
              ),
            },
            {
              header: "Role",
              cell: (m) => (
                <Form method="post" className="flex items-center gap-2">
                  <input type="hidden" name="intent" value="role" />
                  <input type="hidden" name="id" value={m.id} />
                  <RoleSelect id={`role-${m.id}`} value={m.role} label={`Role of ${m.email}`} />
                  <Button type="submit" size="sm" variant="outline" aria-label={`Change role of ${m.email}`}>
                    Change
                  </Button>
                </Form>
              ),
            },
            { header: "Two-factor", cell: (m) => (m.twoFactorEnabled ? "On" : "Off") },
            {
              header: "",
              end: true,
              cell: (m) => (
                <ConfirmSubmit
                  fields={{ intent: "remove", id: m.id }}
                  title="Remove from the staff?"
                  question={`${m.email} loses back office access and is signed out everywhere. Their account stays as a customer account.`}
                  confirmLabel="Remove"
                >
                  <Button type="submit" size="sm" variant="ghost" aria-label={`Remove ${m.email}`}>
                    Remove
                  </Button>
                </ConfirmSubmit>
              ),
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}

/** Open invitations: who, which role, until when; each can be revoked. */
export function InvitationList({ invitations }: { invitations: Invitation[] }) {
  const now = Date.now();
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-lg font-semibold">Pending invitations</h2>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No pending invitations.</p>
        ) : (
          <PlainTable
            caption="Pending invitations"
            rows={invitations}
            columns={[
              {
                header: "Invited",
                cell: (i) => (
                  <span>
                    {i.name}
                    <span className="block text-xs text-muted-foreground">{i.email}</span>
                  </span>
                ),
              },
              { header: "Role", cell: (i) => roleName(i.role) },
              {
                header: "Link",
                cell: (i) =>
                  new Date(i.expiresAt).getTime() > now ? `Expires ${dateText(i.expiresAt)}` : "Expired",
              },
              {
                header: "",
                end: true,
                cell: (i) => (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="id" value={i.id} />
                    <Button
                      type="submit"
                      size="sm"
                      variant="ghost"
                      aria-label={`Revoke invitation of ${i.email}`}
                    >
                      Revoke
                    </Button>
                  </Form>
                ),
              },
            ]}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** Invite someone: the email carries a one-time link to choose a password. */
export function InviteForm({
  busy,
  errors,
  values,
}: {
  busy: boolean;
  errors: FieldErrors;
  values: Record<string, string> | null;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-lg font-semibold">Invite staff</h2>
      </CardHeader>
      <CardContent>
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="save" />
          <Field id="invite-name" label="Name" error={errors.name}>
            {(p) => <Input {...p} name="name" autoComplete="off" defaultValue={values?.name ?? ""} />}
          </Field>
          <Field id="invite-email" label="Email" error={errors.email}>
            {(p) => (
              <Input {...p} name="email" type="email" autoComplete="off" defaultValue={values?.email ?? ""} />
            )}
          </Field>
          <Field id="invite-role" label="Role" error={errors.role}>
            {(p) => (
              <select {...p} name="role" defaultValue={values?.role ?? "fulfilment"} className={selectClass}>
                {roleKeys.map((key) => (
                  <option key={key} value={key}>
                    {roles[key].name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Button type="submit" disabled={busy} className="self-start">
            {busy ? "Sending…" : "Send invitation"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** The owner's setting: every staff member must use two-factor to open the back office. */
export function TwoFactorSetting({ required }: { required: boolean }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-lg font-semibold">Security</h2>
      </CardHeader>
      <CardContent>
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="settings" />
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="requireTwoFactor"
              defaultChecked={required}
              className="mt-0.5 size-4"
            />
            <span>
              Staff must use two-factor authentication (sent to set it up before any back office screen)
            </span>
          </label>
          <Button type="submit" variant="outline" size="sm" className="self-start">
            Save
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** What each role may do, from the same table the server checks. */
export function RoleTable() {
  const rows = roleKeys.map((key) => ({ id: key, ...roles[key] }));
  return (
    <Card className="mt-6">
      <CardHeader>
        <h2 className="font-display text-lg font-semibold">Roles</h2>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <PlainTable
          caption="Roles and their permissions"
          rows={rows}
          columns={[
            { header: "Role", cell: (r) => <span className="font-medium">{r.name}</span> },
            { header: "May", cell: (r) => r.summary },
            {
              header: "Permissions",
              cell: (r) =>
                r.key === "owner" ? (
                  "all"
                ) : (
                  <span className="text-xs text-muted-foreground">{r.permissions.join(", ")}</span>
                ),
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}
