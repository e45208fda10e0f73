CREATE TABLE "slug_history" (
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"slug" text NOT NULL,
	"item_id" uuid NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slug_history_kind_language_slug_pk" PRIMARY KEY("kind","language","slug")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "slug_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "text_changed_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "text_changed_ar" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "meta_title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "meta_title_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "meta_description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "meta_description_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "share_image_en" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "share_image_ar" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "slug_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "slug_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "text_changed_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "text_changed_ar" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "meta_title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "meta_title_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "meta_description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "meta_description_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "share_image_en" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "share_image_ar" text;--> statement-breakpoint
-- Existing content gets its Arabic slugs (decision 043), by the rule of core/slugs.ts arabicSlug; a title that
-- leaves fewer than 3 characters takes the English slug, and a slug another row has already gets part of its id.
UPDATE "articles" SET "slug_ar" = btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(lower(btrim("title_ar")), '[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]', '', 'g'), '\s+', '-', 'g'), '[^a-z0-9_\u0621-\u063A\u0641-\u064A\u0660-\u0669\u066E-\u06D3\u06D5\u06EE-\u06FF-]', '', 'g'), '-{2,}', '-', 'g'), '-');--> statement-breakpoint
UPDATE "articles" SET "slug_ar" = "slug" WHERE length("slug_ar") < 3;--> statement-breakpoint
UPDATE "articles" SET "slug_ar" = "articles"."slug_ar" || '-' || left("articles"."id"::text, 8) FROM (SELECT "id", row_number() OVER (PARTITION BY "slug_ar" ORDER BY "created_at", "id") AS "n" FROM "articles") AS "d" WHERE "d"."id" = "articles"."id" AND "d"."n" > 1;--> statement-breakpoint
UPDATE "articles" SET "text_changed_en" = "updated_at" WHERE "reading_minutes_en" > 0;--> statement-breakpoint
UPDATE "articles" SET "text_changed_ar" = "updated_at" WHERE "reading_minutes_ar" > 0;--> statement-breakpoint
-- Projects get both slugs: the English one by the spec's rule (docs/product.md §5.6), the Arabic one as above.
UPDATE "projects" SET "slug_en" = regexp_replace(regexp_replace(lower(btrim("title")), '\s+', '-', 'g'), '[^a-z0-9_-]', '', 'g');--> statement-breakpoint
UPDATE "projects" SET "slug_ar" = btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(lower(btrim(coalesce(nullif("title_ar", ''), "title"))), '[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]', '', 'g'), '\s+', '-', 'g'), '[^a-z0-9_\u0621-\u063A\u0641-\u064A\u0660-\u0669\u066E-\u06D3\u06D5\u06EE-\u06FF-]', '', 'g'), '-{2,}', '-', 'g'), '-');--> statement-breakpoint
UPDATE "projects" SET "slug_en" = "slug_ar" WHERE length("slug_en") < 3;--> statement-breakpoint
UPDATE "projects" SET "slug_en" = 'project-' || left("id"::text, 8) WHERE length("slug_en") < 3;--> statement-breakpoint
UPDATE "projects" SET "slug_ar" = "slug_en" WHERE length("slug_ar") < 3;--> statement-breakpoint
UPDATE "projects" SET "slug_en" = "projects"."slug_en" || '-' || left("projects"."id"::text, 8) FROM (SELECT "id", row_number() OVER (PARTITION BY "slug_en" ORDER BY "created_at", "id") AS "n" FROM "projects") AS "d" WHERE "d"."id" = "projects"."id" AND "d"."n" > 1;--> statement-breakpoint
UPDATE "projects" SET "slug_ar" = "projects"."slug_ar" || '-' || left("projects"."id"::text, 8) FROM (SELECT "id", row_number() OVER (PARTITION BY "slug_ar" ORDER BY "created_at", "id") AS "n" FROM "projects") AS "d" WHERE "d"."id" = "projects"."id" AND "d"."n" > 1;--> statement-breakpoint
UPDATE "projects" SET "text_changed_en" = "created_at";--> statement-breakpoint
UPDATE "projects" SET "text_changed_ar" = "created_at" WHERE "title_ar" <> '' OR "description_ar" <> '';--> statement-breakpoint
CREATE INDEX "slug_history_item_idx" ON "slug_history" USING btree ("kind","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_ar_idx" ON "articles" USING btree ("slug_ar") WHERE "articles"."slug_ar" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "projects_slug_en_idx" ON "projects" USING btree ("slug_en") WHERE "projects"."slug_en" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "projects_slug_ar_idx" ON "projects" USING btree ("slug_ar") WHERE "projects"."slug_ar" <> '';