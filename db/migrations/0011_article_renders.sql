CREATE TABLE "article_renders" (
	"article_id" uuid NOT NULL,
	"language" text NOT NULL,
	"source" text NOT NULL,
	"html" text NOT NULL,
	CONSTRAINT "article_renders_article_id_language_pk" PRIMARY KEY("article_id","language")
);
--> statement-breakpoint
ALTER TABLE "article_renders" ADD CONSTRAINT "article_renders_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;