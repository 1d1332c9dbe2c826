import { Mail, Phone, Trash2 } from "lucide-react";
import { data } from "react-router";
import { ConfirmSubmit } from "~/components/admin/confirm-submit.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { actionToast } from "~core/toast.ts";
import { deleteContactMessage, listContactMessages } from "~server/contact/admin-contacts.ts";
import { failureToast, settle } from "~server/http/error-response.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import type { Route } from "./+types/contacts";

export async function loader({ context }: Route.LoaderArgs) {
  const loaded = await settle(
    context.log,
    "contact list failed",
    () => listContactMessages(context.database.db),
    {
      title: "Error fetching contacts",
      showServerMessage: true,
      status: 503,
    },
  );
  if (loaded.ok) return { contacts: loaded.value, error: null };
  return { contacts: [], error: failureToast(loaded) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const id = String((await request.formData()).get("id") ?? "");
  const deleted = await deleteContactMessage(context.database.db, id);
  if (!deleted) {
    return data(
      {
        toast: actionToast({
          title: "Error deleting contact",
          description: "This message no longer exists.",
          variant: "destructive",
        }),
      },
      { status: 404 },
    );
  }
  return redirectWithToast("/admin/contacts", {
    title: "Contact deleted",
    description: "The contact message has been removed",
    variant: "success",
  });
}

export default function Contacts({ loaderData, actionData }: Route.ComponentProps) {
  const { contacts, error } = loaderData;
  useFlashToast(error);
  useFlashToast(actionData?.toast);
  return (
    <>
      <PageHeader
        title="Contact Messages"
        subtitle={`${contacts.length} ${contacts.length === 1 ? "message" : "messages"}`}
      />
      {contacts.length === 0 ? (
        <p className="rounded-lg border p-8 text-center text-muted-foreground">No contact messages found</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {contacts.map((c) => (
            <li key={c.id}>
              <Card className="h-full">
                <CardHeader className="flex-row items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="font-display text-lg font-semibold break-words">{c.name}</h2>
                    <p className="text-xs text-muted-foreground">
                      Received{" "}
                      <time dateTime={new Date(c.createdAt).toISOString()}>
                        {formatDateTime(c.createdAt)}
                      </time>
                    </p>
                  </div>
                  <ConfirmSubmit
                    fields={{ id: c.id }}
                    title="Delete message"
                    question="Are you sure you want to delete this contact message?"
                  >
                    <Button
                      type="submit"
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete message from ${c.name}`}
                    >
                      <Trash2 className="text-destructive-text" aria-hidden />
                    </Button>
                  </ConfirmSubmit>
                </CardHeader>
                <CardContent className="flex flex-col gap-3 text-sm">
                  <div className="flex flex-wrap gap-x-5 gap-y-1">
                    <a
                      href={`mailto:${c.email}`}
                      className="inline-flex items-center gap-1.5 break-all text-primary hover:underline"
                    >
                      <Mail className="size-4" aria-hidden />
                      {c.email}
                    </a>
                    <a
                      href={`tel:${c.phone.replace(/[^\d+]/g, "")}`}
                      className="inline-flex items-center gap-1.5 text-primary hover:underline"
                    >
                      <Phone className="size-4" aria-hidden />
                      {c.phone}
                    </a>
                  </div>
                  {/* Plain text: React escapes it, so markup in a message never runs. */}
                  <p className="whitespace-pre-wrap break-words">{c.message}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
