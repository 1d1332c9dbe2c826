import { useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { LoadError } from "~/components/admin/row-actions.tsx";
import {
  InvitationList,
  InviteForm,
  RoleTable,
  StaffList,
  TwoFactorSetting,
} from "~/components/admin/staff/staff-panels.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formText, parseForm } from "~/lib/forms.ts";
import { isRoleKey } from "~core/staff/roles.ts";
import { adminUser } from "~server/auth/guards.ts";
import { settle } from "~server/http/error-response.ts";
import {
  invitationInputSchema,
  inviteStaff,
  listPendingInvitations,
  revokeInvitation,
} from "~server/staff/invitations.ts";
import { changeStaffRole, listStaff, removeStaff } from "~server/staff/members.ts";
import { getStaffSettings, saveStaffSettings } from "~server/staff/settings.ts";
import type { Route } from "./+types/staff";
import { adminFailure, backWithToast, runIntent } from "./admin-actions.server.ts";

/** Staff and roles (docs/admins.md): invitations, roles, removal, the two-factor requirement. Owners only. */
const PATH = "/admin/staff";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.database.db;
  const loaded = await settle(context.log, "loading staff failed", async () => ({
    staff: await listStaff(db),
    invitations: await listPendingInvitations(db),
    settings: await getStaffSettings(db),
  }));
  const me = context.get(adminUser).id;
  if (!loaded.ok)
    return { loadError: true, me, staff: [], invitations: [], settings: { requireTwoFactor: false } };
  return { loadError: false, me, ...loaded.value };
}

type Typed = Record<string, string>;

export async function action({ request, context }: Route.ActionArgs) {
  const me = context.get(adminUser);
  const { db } = context.database;
  const run = async (what: string, work: () => Promise<unknown>, success: string) => {
    const done = await settle(context.log, what, work);
    return done.ok ? backWithToast(PATH, success) : adminFailure<Typed>(done.message, done.status);
  };
  return runIntent<Typed>(await request.formData(), db, {
    save: async ({ form }) => {
      const parsed = parseForm(invitationInputSchema, form);
      if (!parsed.ok)
        return adminFailure<Typed>(
          { title: "Check the invitation", description: "Check the highlighted fields." },
          400,
          {
            errors: parsed.errors,
            values: parsed.values,
          },
        );
      const sent = await settle(context.log, "inviting staff failed", () =>
        inviteStaff(db, context.mailer, context.config.publicUrl, parsed.data, me),
      );
      if (!sent.ok) return adminFailure<Typed>(sent.message, sent.status, { values: formText(form) });
      return backWithToast(PATH, `Invitation sent to ${parsed.data.email}`);
    },
    revoke: ({ id }) =>
      run("revoking an invitation failed", () => revokeInvitation(db, id), "Invitation revoked"),
    role: ({ id, form }) => {
      const role = form.get("role");
      if (!isRoleKey(role)) return Promise.resolve(adminFailure<Typed>({ title: "Choose a role" }, 400));
      return run(
        "changing a staff role failed",
        () => changeStaffRole(db, id, role),
        "Role changed; their sessions ended",
      );
    },
    remove: ({ id }) =>
      run("removing staff failed", () => removeStaff(db, id), "Removed from the staff; their sessions ended"),
    settings: ({ form }) =>
      run(
        "saving staff settings failed",
        () => saveStaffSettings(db, { requireTwoFactor: form.get("requireTwoFactor") === "on" }),
        "Staff settings saved",
      ),
  });
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title="Staff" subtitle="Who works in the back office, and what each role may do" />
      {loaderData.loadError && <LoadError>Staff could not be loaded.</LoadError>}
      <div className="grid gap-6 xl:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-6">
          <StaffList staff={loaderData.staff} me={loaderData.me} />
          <InvitationList invitations={loaderData.invitations} />
        </div>
        <div className="flex flex-col gap-6">
          <InviteForm busy={busy} errors={actionData?.errors ?? {}} values={actionData?.values ?? null} />
          <TwoFactorSetting required={loaderData.settings.requireTwoFactor} />
        </div>
      </div>
      <RoleTable />
    </>
  );
}
