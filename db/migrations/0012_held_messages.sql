CREATE TABLE "contact_drops" (
	"reason" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "form_stamp" text;--> statement-breakpoint
CREATE INDEX "messages_form_stamp_idx" ON "messages" USING btree ("form_stamp") WHERE "messages"."form_stamp" is not null;