ALTER TABLE "articles" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "ever_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "summary_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "summary_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "reading_minutes_en" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "reading_minutes_ar" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_public_idx" ON "articles" USING btree ("published","date" DESC NULLS LAST);--> statement-breakpoint
UPDATE "articles" SET
  "reading_minutes_en" = CASE WHEN btrim(regexp_replace("content_en", '<[^>]*>', ' ', 'g')) = '' THEN 0
    ELSE greatest(1, ceil(array_length(regexp_split_to_array(btrim(regexp_replace("content_en", '<[^>]*>', ' ', 'g')), '\s+'), 1) / 200.0))::integer END,
  "reading_minutes_ar" = CASE WHEN btrim(regexp_replace("content_ar", '<[^>]*>', ' ', 'g')) = '' THEN 0
    ELSE greatest(1, ceil(array_length(regexp_split_to_array(btrim(regexp_replace("content_ar", '<[^>]*>', ' ', 'g')), '\s+'), 1) / 200.0))::integer END;
