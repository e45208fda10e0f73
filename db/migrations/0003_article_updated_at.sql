ALTER TABLE "articles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "articles" SET "updated_at" = GREATEST("date", "created_at");