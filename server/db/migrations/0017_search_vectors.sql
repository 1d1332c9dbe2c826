-- Storefront search (server/catalog/search.ts, docs/decisions/028-storefront-search.md).
-- The vectors are generated columns, so every insert and update keeps them current without
-- application code; they are left out of the Drizzle tables on purpose, so `select()` never
-- ships them to a page. 'english' stems words ("drops" finds "drop"); weights rank a title hit
-- above a description hit.
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', "name"), 'A') ||
  setweight(to_tsvector('english', "description"), 'B')
) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', "title"), 'A') ||
  setweight(to_tsvector('english', "excerpt"), 'B') ||
  setweight(to_tsvector('english', "content"), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "blog_posts_search_idx" ON "blog_posts" USING gin ("search_vector");
