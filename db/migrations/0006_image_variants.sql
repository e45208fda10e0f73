CREATE TABLE "image_variants" (
	"url" text PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"placeholder" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
