CREATE TABLE "visit_counts" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_counts_kind_day_key_pk" PRIMARY KEY("kind","day","key")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "entry_path" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "from_path" text;