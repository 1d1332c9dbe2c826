import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import postgres from "postgres";
import { withDatabase } from "./database.ts";

/**
 * The old hosted shop's database as a fixture: the spec's public tables and Supabase Auth's
 * auth.users, built on the PostgreSQL server in a fresh database, with the messy rows a real one
 * has (numbers as text, order_items as a JSON string, blank image URLs, a self-made "admin"…).
 */
export const legacy = {
  customer: {
    id: "11111111-1111-4111-8111-111111111111",
    email: "maya@oldshop.test",
    password: "her-old-secret-7",
  },
  admin: {
    id: "22222222-2222-4222-8222-222222222222",
    email: "owner@oldshop.test",
    password: "owner-secret-123",
  },
  selfMadeAdmin: { id: "33333333-3333-4333-8333-333333333333", email: "sneaky@oldshop.test" },
  unconfirmed: { id: "44444444-4444-4444-8444-444444444444", email: "late@oldshop.test" },
  deleted: { id: "55555555-5555-4555-8555-555555555555", email: "gone@oldshop.test" },
  resin: { id: "aaaaaaaa-0000-4000-8000-000000000001", slug: "himalayan-resin" },
  powder: { id: "aaaaaaaa-0000-4000-8000-000000000002", slug: "shilajit-powder" },
  creator: { id: "cccccccc-0000-4000-8000-000000000001", username: "trailrunner" },
  coupon: { id: "dddddddd-0000-4000-8000-000000000001", code: "TRAIL15" },
  paidOrder: { id: "eeeeeeee-0000-4000-8000-000000000001" },
  stringItemsOrder: { id: "eeeeeeee-0000-4000-8000-000000000002" },
  guestOrder: { id: "eeeeeeee-0000-4000-8000-000000000003" },
  placeholderOrder: { id: "eeeeeeee-0000-4000-8000-000000000004" },
  brokenOrder: { id: "eeeeeeee-0000-4000-8000-000000000005" },
  post: { id: "bbbbbbbb-0000-4000-8000-000000000001", slug: "why-shilajit" },
  placeholderEmail: "pending@checkout.oldshop.test",
} as const;

const SCHEMA = `
create schema auth;
create table auth.users (id uuid primary key, email text, encrypted_password text, email_confirmed_at timestamptz,
  raw_user_meta_data jsonb, raw_app_meta_data jsonb, created_at timestamptz, banned_until timestamptz, deleted_at timestamptz);
create table products (id uuid primary key, name text, description text, price numeric, weight_type text, sold_out boolean,
  image_url text, image_urls text[], tags text[], initial_view_count int, view_count int, slug text, seo_title text,
  seo_description text, seo_keywords text[], created_at timestamptz default now());
create table product_views (id uuid primary key, product_id uuid, created_at timestamptz default now());
create table blog_posts (id uuid primary key, title text, slug text, excerpt text, content text, seo_title text,
  seo_description text, seo_keywords text[], published boolean, published_at timestamptz, author_name text,
  featured_image_url text, created_at timestamptz default now());
create table testimonials (id uuid primary key, name text, title text, content text, image_url text, rating int,
  active boolean, media_type text, media_url text, created_at timestamptz default now());
create table partners (id uuid primary key, name text, logo_url text, website_url text, description text, active boolean,
  created_at timestamptz default now());
create table certificates (id uuid primary key, image_url text, display_order int, active boolean, title text,
  created_at timestamptz default now());
create table validity_codes (id uuid primary key, code text, product_name text, created_at timestamptz default now());
create table contacts (id uuid primary key, name text, email text, phone text, message text, created_at timestamptz default now());
create table content_creators (id uuid primary key, username text, password_hash text, full_name text, email text,
  commission_rate numeric, is_active boolean, created_at timestamptz default now());
create table coupons (id uuid primary key, code text, discount_type text, discount_value numeric, valid_from timestamptz,
  valid_until timestamptz, minimum_order_amount numeric, usage_limit int, used_count int, content_creator_id uuid,
  show_on_frontend boolean, is_active boolean, created_at timestamptz default now());
create table orders (id uuid primary key, user_id uuid, name text, email text, phone text, address text, order_items jsonb,
  total_amount numeric, original_amount numeric, coupon_code text, coupon_discount numeric, status text,
  created_at timestamptz default now(), stripe_session_id text, paypal_order_id text);
create table coupon_usages (id uuid primary key, coupon_id uuid, user_email text, order_id uuid, discount_amount numeric,
  used_at timestamptz default now());
create table cart_items (id uuid primary key, user_id uuid, product_id uuid, product_name text, weight text, price numeric,
  quantity int, image_url text);
`;

/** Creates the old shop's database; `imageBase` serves its storage bucket (…/storage/v1/object/public/uploads/…). */
export async function createLegacyShop(serverUrl: string, imageBase: string) {
  const name = `legacy_shop_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = withDatabase(serverUrl, name);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql.unsafe(SCHEMA);
  await fill(sql, imageBase);
  await sql.end();
  return {
    url,
    sql: () => postgres(url, { max: 1, onnotice: () => {} }),
    destroy: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function fill(sql: postgres.Sql, imageBase: string) {
  const L = legacy;
  const hash = (p: string) => bcrypt.hashSync(p, 10);
  const users = [
    [
      L.customer.id,
      L.customer.email,
      hash(L.customer.password),
      "2024-01-02",
      { full_name: "Maya Rivers" },
      { provider: "email" },
      null,
      null,
    ],
    [
      L.admin.id,
      L.admin.email,
      hash(L.admin.password),
      "2024-01-01",
      { full_name: "Shop Owner" },
      { provider: "email", role: "admin" },
      null,
      null,
    ],
    // Anyone can write their own raw_user_meta_data: this "admin" is a customer here.
    [
      L.selfMadeAdmin.id,
      L.selfMadeAdmin.email,
      hash("sneaky-pass-1"),
      "2024-02-01",
      { full_name: "Sneaky", role: "admin" },
      { provider: "email" },
      null,
      null,
    ],
    [
      L.unconfirmed.id,
      L.unconfirmed.email,
      hash("late-pass-12"),
      null,
      {},
      { provider: "email" },
      null,
      null,
    ],
    [
      L.deleted.id,
      L.deleted.email,
      hash("gone-pass-12"),
      "2024-01-05",
      {},
      { provider: "email" },
      null,
      "2024-06-01",
    ],
  ];
  for (const [id, email, pw, confirmed, userMeta, appMeta, banned, deleted] of users)
    await sql`insert into auth.users values (${id as string}, ${email as string}, ${pw as string}, ${confirmed as string | null},
      ${sql.json(userMeta as postgres.JSONValue)}, ${sql.json(appMeta as postgres.JSONValue)}, '2024-01-01', ${banned as null}, ${deleted as string | null})`;

  await sql`insert into products values
    (${L.resin.id}, 'Himalayan Resin', 'Pure resin.', 49.99, null, false, ${`${imageBase}/storage/v1/object/public/uploads/resin.png`},
      ${["", `${imageBase}/storage/v1/object/public/uploads/resin.png`, "  ", "https://cdn.elsewhere.test/resin-2.jpg"]},
      ${["resin", " ", "bestseller"]}, 100, 250, ${L.resin.slug}, 'Resin | Old', 'Our resin', ${["shilajit"]}, '2024-01-10'),
    (${L.powder.id}, 'Shilajit Powder', null, '19.5', '30g', true, ${`${imageBase}/storage/v1/object/public/uploads/missing.png`},
      ${[]}, ${[]}, 0, 3, ${L.powder.slug}, null, null, ${[]}, '2024-01-11'),
    ('aaaaaaaa-0000-4000-8000-000000000003', null, 'no name', 10, '30ml', false, null, ${[]}, ${[]}, 0, 0, 'nameless', null, null, ${[]}, now())`;
  await sql`insert into product_views values
    ('f0000000-0000-4000-8000-000000000001', ${L.resin.id}, '2024-03-01'),
    ('f0000000-0000-4000-8000-000000000002', ${L.resin.id}, '2024-03-02'),
    ('f0000000-0000-4000-8000-000000000003', 'aaaaaaaa-0000-4000-8000-000000000009', '2024-03-02')`;

  await sql`insert into content_creators values
    (${L.creator.id}, ${L.creator.username}, 'dHJhaWwtcGFzcw==', 'Trail Runner', 'trail@creators.test', '12.5', true, '2024-01-03')`;
  await sql`insert into coupons values
    (${L.coupon.id}, 'trail15', 'percentage', 15, '2024-01-01', null, '30', 100, '2', ${L.creator.id}, true, true, '2024-01-03'),
    ('dddddddd-0000-4000-8000-000000000002', 'FIVE', 'fixed', '5.00', null, '2030-01-01', null, null, 0, null, false, true, '2024-01-04'),
    ('dddddddd-0000-4000-8000-000000000003', 'WEIRD', 'bogus', 5, null, null, null, null, 0, null, true, true, '2024-01-04')`;

  const items = [
    { id: L.resin.id, name: "Himalayan Resin", weight: "30ml", price: 49.99, quantity: 2, image_url: null },
    { name: "Old sample", price: "5.5", quantity: "3" },
    {},
  ];
  await sql`insert into orders values
    (${L.paidOrder.id}, ${L.customer.id}, 'Maya Rivers', ${L.customer.email}, '555-0100', '1 Main St, Austin, TX 78701',
      ${sql.json(items)}, 101.48, 126.98, 'TRAIL15', '25.50', 'delivered', '2024-04-01T10:00:00Z', 'cs_test_old_1', null),
    (${L.stringItemsOrder.id}, ${L.customer.id}, 'Maya Rivers', ${L.customer.email}, '555-0100', 'Collected via PayPal',
      ${sql.json(JSON.stringify([{ id: L.powder.id, name: "Shilajit Powder", weight: "30g", price: "19.50", quantity: 1 }]))},
      '19.5', null, null, null, 'shipped', '2024-04-02T10:00:00Z', null, 'PAYPAL-OLD-2'),
    (${L.guestOrder.id}, null, 'Maya as guest', 'MAYA@oldshop.test', null, '1 Main St', ${sql.json([{ name: "Himalayan Resin", price: 49.99 }])},
      49.99, 49.99, null, 0, 'processing', '2024-04-03T10:00:00Z', 'cs_test_old_3', null),
    (${L.placeholderOrder.id}, null, 'PayPal Customer', ${L.placeholderEmail}, null, 'Collected via PayPal',
      ${sql.json([{ name: "Himalayan Resin", price: 49.99, quantity: 1 }])}, 49.99, null, null, null, 'pending', '2024-04-04T10:00:00Z', null, 'PAYPAL-OLD-4'),
    (${L.brokenOrder.id}, null, 'Broken', 'broken@oldshop.test', null, null, ${sql.json({ not: "a list" })},
      10, null, null, null, 'pending', '2024-04-05T10:00:00Z', null, null)`;
  await sql`insert into coupon_usages values
    ('c0000000-0000-4000-8000-000000000001', ${L.coupon.id}, ${L.customer.email}, ${L.paidOrder.id}, 25.5, '2024-04-01T10:00:00Z')`;
  await sql`insert into cart_items values
    ('c1000000-0000-4000-8000-000000000001', ${L.customer.id}, ${L.resin.id}, 'Himalayan Resin', '30ml', 49.99, 3, null)`;

  await sql`insert into blog_posts values
    (${L.post.id}, 'Why shilajit', ${L.post.slug}, 'An intro', ${'# Why\n\nBecause, "quoted", and more.'}, null, null, ${["shilajit"]}, true,
      '2024-02-01', null, null, '2024-02-01'),
    ('bbbbbbbb-0000-4000-8000-000000000002', 'Draft', 'Not A Slug!', '', 'Draft body', null, null, ${[]}, false, null, 'Ann', null, '2024-02-02')`;
  await sql`insert into testimonials values
    ('70000000-0000-4000-8000-000000000001', 'Ann', 'Runner', 'Great stuff', null, null, true, 'video', 'https://video.test/1', '2024-02-03'),
    ('70000000-0000-4000-8000-000000000002', 'Bob', null, 'Good', null, 9, true, 'hologram', null, '2024-02-04')`;
  await sql`insert into partners values ('80000000-0000-4000-8000-000000000001', 'Trail Co', null, 'https://trail.test', null, true, '2024-02-05')`;
  await sql`insert into certificates values
    ('90000000-0000-4000-8000-000000000001', 'https://cdn.elsewhere.test/cert.png', 1, true, null, '2024-02-06'),
    ('90000000-0000-4000-8000-000000000002', 'https://cdn.elsewhere.test/cert3.png', 3, true, null, '2024-02-06')`;
  await sql`insert into validity_codes values ('a1000000-0000-4000-8000-000000000001', 'PS-2024-001', null, '2024-02-07')`;
  await sql`insert into contacts values ('a2000000-0000-4000-8000-000000000001', 'Cara', 'cara@mail.test', '555', 'Hello, "there"', '2024-02-08')`;
}
