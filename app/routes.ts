import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("about", "routes/store/about.tsx"),
    route("contact", "routes/store/contact.tsx"),
    route("blog", "routes/store/blog.tsx"),
    route("blog/:slug", "routes/store/blog-post.tsx"),
    route("validity", "routes/store/validity.tsx"),
    route("*", "routes/store/not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
] satisfies RouteConfig;
