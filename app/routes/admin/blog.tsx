import { Eye, EyeOff, Plus } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { DeleteButton, EditLink, IntentToggle, LoadError } from "~/components/admin/row-actions.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formatShortUsDate } from "~/lib/admin/admin-dates.ts";
import {
  type AdminBlogPost,
  deleteAdminPost,
  listAdminPosts,
  setPostPublished,
} from "~server/content/admin-blog.ts";
import { settle } from "~server/http/error-response.ts";
import type { Route } from "./+types/blog";
import { deleteIntent, runIntent, toggleIntent } from "./admin-actions.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const loaded = await settle(context.log, "loading blog posts failed", () =>
    listAdminPosts(context.database.db),
  );
  return loaded.ok
    ? { loadError: false, posts: loaded.value }
    : { loadError: true, posts: [] as AdminBlogPost[] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const deletePost = deleteIntent("/admin/blog", deleteAdminPost, {
    success: "Blog post deleted successfully",
    failure: { title: "Error", description: "Failed to delete blog post" },
  });
  const publish = toggleIntent(setPostPublished, {
    success: (published) =>
      published ? "Blog post published successfully" : "Blog post unpublished successfully",
    failure: { title: "Error", description: "Failed to update blog post" },
  });
  // The list posts only these two; anything else is the publish switch.
  return runIntent(await request.formData(), context.database.db, {
    delete: deletePost,
    publish,
    save: publish,
  });
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
      {loaderData.loadError ? (
        <LoadError>Failed to fetch blog posts</LoadError>
      ) : posts.length === 0 ? (
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
      <TableCell className="whitespace-nowrap">{formatShortUsDate(p.createdAt)}</TableCell>
      <TableCell>
        <div className="flex justify-end gap-1">
          <IntentToggle intent="publish" id={p.id} next={!p.published}>
            <Button type="submit" variant="ghost" size="icon" aria-label={`${label} ${p.title}`}>
              {p.published ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
            </Button>
          </IntentToggle>
          <EditLink to={`/admin/blog/${p.id}/edit`} name={p.title} />
          <DeleteButton
            id={p.id}
            name={p.title}
            title="Delete Blog Post"
            question={`Are you sure you want to delete "${p.title}"? This action cannot be undone.`}
          />
        </div>
      </TableCell>
    </TableRow>
  );
}
