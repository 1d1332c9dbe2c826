import { ArrowDown, ArrowUp, ExternalLink, Plus } from "lucide-react";
import { Form, Link } from "react-router";
import {
  CollectionForm,
  type CollectionFormState,
  emptyCollectionForm,
} from "~/components/admin/collection-form.tsx";
import { FormCard } from "~/components/admin/form-card.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { DeleteButton, EditLink, LoadError } from "~/components/admin/row-actions.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { collectionFormValues } from "~/lib/admin/admin-form-values.ts";
import { refusedBy, useRecordFormKey } from "~/lib/form-reset-key.ts";
import {
  type AdminCollection,
  collectionInputSchema,
  createAdminCollection,
  deleteAdminCollection,
  listAdminCollections,
  listProductChoices,
  moveAdminCollection,
  updateAdminCollection,
} from "~server/catalog/admin-collections.ts";
import { settle } from "~server/http/error-response.ts";
import { uploadTooLarge } from "~server/media/upload-request.ts";
import type { Route } from "./+types/collections";
import { adminFailure, adminSuccess, deleteIntent, runIntent } from "./admin-actions.server.ts";
import { loadListScreen, saveForm, storeFormUploads } from "./admin-save.server.ts";

const PATH = "/admin/collections";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.database;
  const [{ rows: collections, ...screen }, choices] = await Promise.all([
    loadListScreen(context, request, "loading collections failed", () => listAdminCollections(db), {
      toForm: toFormState,
      empty: emptyCollectionForm,
    }),
    settle(context.log, "loading products for collections failed", () => listProductChoices(db)),
  ]);
  const products = choices.ok ? choices.value.map(({ id, name }) => ({ id, name })) : [];
  return { ...screen, collections, products };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (uploadTooLarge(request))
    return adminFailure(
      { title: "Failed to save collection", description: "The image must be 5 MB or smaller" },
      413,
    );
  return runIntent<CollectionFormState>(await request.formData(), context.database.db, {
    delete: deleteIntent(PATH, deleteAdminCollection, {
      success: "Collection deleted successfully",
      failure: { title: "Failed to delete collection" },
    }),
    move: async ({ form, db, id }) => {
      const direction = form.get("direction") === "up" ? "up" : "down";
      return (await moveAdminCollection(db, id, direction))
        ? adminSuccess("Collection order saved")
        : adminFailure({ title: "Failed to move collection", description: "It no longer exists." }, 404);
    },
    save: async ({ form, db, id }) => {
      const values = collectionFormValues(form);
      const errors = await storeFormUploads(context, request, form, values, { imageFile: "imageUrl" });
      return saveForm({
        id,
        values,
        errors,
        schema: collectionInputSchema,
        create: (input) => createAdminCollection(db, input),
        update: (id, input) => updateAdminCollection(db, id, input),
        path: PATH,
        noun: "Collection",
        log: context.log,
      });
    },
  });
}

function toFormState(c: AdminCollection): CollectionFormState {
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    imageUrl: c.imageUrl ?? "",
    seoTitle: c.seoTitle ?? "",
    seoDescription: c.seoDescription ?? "",
    published: c.published,
    productIds: c.productIds,
  };
}

export default function Collections({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const form = actionData?.values ?? loaderData.form;
  const formKey = useRecordFormKey(refusedBy(actionData), form?.id);
  const { collections, products } = loaderData;
  return (
    <>
      <PageHeader title="Collections" subtitle={`${collections.length} collections`}>
        {!form && (
          <Link to="?new" className={buttonClass()}>
            <Plus aria-hidden />
            Add Collection
          </Link>
        )}
      </PageHeader>

      {form && (
        <FormCard title={form.id ? "Edit Collection" : "Add New Collection"}>
          <CollectionForm
            key={formKey}
            initial={form}
            errors={actionData?.errors ?? {}}
            products={products}
          />
        </FormCard>
      )}

      {loaderData.loadError && <LoadError>Failed to fetch collections</LoadError>}
      {!loaderData.loadError && collections.length === 0 && (
        <p className="rounded-lg border py-12 text-center text-muted-foreground">No collections found.</p>
      )}
      <ol className="flex flex-col gap-3" aria-label="Collections">
        {collections.map((c, i) => (
          <li key={c.id}>
            <CollectionRow collection={c} first={i === 0} last={i === collections.length - 1} />
          </li>
        ))}
      </ol>
    </>
  );
}

function CollectionRow({
  collection: c,
  first,
  last,
}: {
  collection: AdminCollection;
  first: boolean;
  last: boolean;
}) {
  const count = c.productIds.length;
  return (
    <article aria-label={c.name} className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-4">
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <h3 className="font-semibold">{c.name}</h3>
        <p className="text-sm text-muted-foreground">
          /collections/{c.slug} · {count === 1 ? "1 product" : `${count} products`}
        </p>
      </div>
      <Badge variant={c.published ? "success" : "muted"}>{c.published ? "Published" : "Hidden"}</Badge>
      {c.published && (
        <a
          href={`/collections/${encodeURIComponent(c.slug)}`}
          target="_blank"
          rel="noopener"
          className={buttonClass({ variant: "ghost", size: "icon" })}
          aria-label={`View ${c.name} in the shop (opens in a new tab)`}
        >
          <ExternalLink aria-hidden />
        </a>
      )}
      <MoveButton id={c.id} name={c.name} direction="up" disabled={first} />
      <MoveButton id={c.id} name={c.name} direction="down" disabled={last} />
      <EditLink to={`?edit=${c.id}`} name={c.name} />
      <DeleteButton
        id={c.id}
        name={c.name}
        title="Delete collection"
        question="Are you sure you want to delete this collection? Its products stay in the shop."
      />
    </article>
  );
}

/** Moves a collection one place in the storefront's order (a plain form: works without JavaScript). */
function MoveButton({
  id,
  name,
  direction,
  disabled,
}: {
  id: string;
  name: string;
  direction: "up" | "down";
  disabled: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        disabled={disabled}
        aria-label={`Move ${name} ${direction}`}
      >
        {direction === "up" ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />}
      </Button>
    </Form>
  );
}
