ALTER TABLE "messages" ADD COLUMN "held_noticed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_held_unnoticed_idx" ON "messages" USING btree ("created_at") WHERE "messages"."held" and "messages"."held_noticed_at" is null;--> statement-breakpoint
CREATE INDEX "messages_held_noticed_at_idx" ON "messages" USING btree ("held_noticed_at");--> statement-breakpoint
-- Messages held before notices existed were the owner's to review already: only those held from now on are counted.
UPDATE "messages" SET "held_noticed_at" = "created_at" WHERE "held";