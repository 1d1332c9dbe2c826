import { Eye, EyeOff, Pencil, Plus, Trash2 } from "lucide-react";
import { data, Link, useFetcher } from "react-router";
import { ConfirmSubmit } from "~/components/admin/confirm-submit.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { actionToast } from "~/lib/action-toast.ts";
import { formatDate } from "~/lib/dates.ts";
import { redirectWithToast } from "~/lib/flash.server.ts";
import { requireAdmin } from "~server/auth/guards.ts";
import {
  type AdminBlogPost,
  deleteAdminPost,
  listAdminPosts,
  setPostPublished,
} from "~server/content/admin-blog.ts";
import type { Route } from "./+types/blog";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return { posts: await listAdminPosts(context.database.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await request.formData();
  const db = context.database.db;
  const id = String(form.get("id") ?? "");
  if (form.get("intent") === "delete") {
    if (!(await deleteAdminPost(db, id)))
      return data(
        {
          toast: actionToast({
            title: "Error",
            description: "Failed to delete blog post",
            variant: "destructive",
          }),
        },
        { status: 404 },
      );
    return redirectWithToast("/admin/blog", { title: "Blog post deleted successfully", variant: "success" });
  }
  const publish = form.get("published") === "true";
  if (!(await setPostPublished(db, id, publish)))
    return data(
      {
        toast: actionToast({
          title: "Error",
          description: "Failed to update blog post",
          variant: "destructive",
        }),
      },
      { status: 404 },
    );
  return {
    toast: actionToast({
      title: publish ? "Blog post published successfully" : "Blog post unpublished successfully",
      variant: "success",
    }),
  };
}

export default function BlogManagement({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const { posts } = loaderData;
  return (
    <>
      <PageHeader title="Blog Management" subtitle={`${posts.length} posts`}>
        <Link to="/admin/blog/new" className={buttonClass()}>
          <Plus aria-hidden />
          Create New Post
        </Link>
      </PageHeader>
      {posts.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-lg border py-12 text-center">
          <p className="text-muted-foreground">No blog posts yet.</p>
          <Link to="/admin/blog/new" className={buttonClass({ variant: "outline" })}>
            Create Your First Post
          </Link>
        </div>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Author</TableHead>
              <TableHead>Created</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {posts.map((p) => (
              <PostRow key={p.id} post={p} />
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}

function PostRow({ post: p }: { post: AdminBlogPost }) {
  const fetcher = useFetcher<typeof action>();
  useFlashToast(fetcher.data?.toast);
  const label = p.published ? "Unpublish" : "Publish";
  return (
    <TableRow>
      <TableCell className="max-w-md">
        <span className="font-medium">{p.title}</span>
        {p.excerpt && <span className="line-clamp-2 block text-xs text-muted-foreground">{p.excerpt}</span>}
      </TableCell>
      <TableCell>
        <Badge variant={p.published ? "success" : "muted"}>{p.published ? "Published" : "Draft"}</Badge>
      </TableCell>
      <TableCell>{p.authorName}</TableCell>
      <TableCell className="whitespace-nowrap">{formatDate(p.createdAt)}</TableCell>
      <TableCell>
        <div className="flex justify-end gap-1">
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={p.id} />
            <input type="hidden" name="published" value={String(!p.published)} />
            <Button type="submit" variant="ghost" size="icon" aria-label={`${label} ${p.title}`}>
              {p.published ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
            </Button>
          </fetcher.Form>
          <Link
            to={`/admin/blog/${p.id}/edit`}
            aria-label={`Edit ${p.title}`}
            className={buttonClass({ variant: "ghost", size: "icon" })}
          >
            <Pencil aria-hidden />
          </Link>
          <ConfirmSubmit
            fields={{ intent: "delete", id: p.id }}
            title="Delete Blog Post"
            question={`Are you sure you want to delete "${p.title}"? This action cannot be undone.`}
          >
            <Button type="submit" variant="ghost" size="icon" aria-label={`Delete ${p.title}`}>
              <Trash2 className="text-destructive-text" aria-hidden />
            </Button>
          </ConfirmSubmit>
        </div>
      </TableCell>
    </TableRow>
  );
}
