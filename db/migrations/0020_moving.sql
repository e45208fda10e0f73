CREATE TABLE "imported_items" (
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	CONSTRAINT "imported_items_source_source_id_pk" PRIMARY KEY("source","source_id")
);
--> statement-breakpoint
CREATE TABLE "old_addresses" (
	"path" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"item_id" uuid NOT NULL
);
