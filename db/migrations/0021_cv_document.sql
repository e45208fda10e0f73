CREATE TABLE "cv_document" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"document" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cv_document_single_row" CHECK ("cv_document"."id" = 1)
);
