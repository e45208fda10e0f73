CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"language" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"published" boolean NOT NULL,
	"version" integer NOT NULL,
	"terms" "tsvector" NOT NULL,
	CONSTRAINT "search_documents_kind_item_id_language_pk" PRIMARY KEY("kind","item_id","language")
);
--> statement-breakpoint
CREATE INDEX "search_documents_terms_idx" ON "search_documents" USING gin ("terms");