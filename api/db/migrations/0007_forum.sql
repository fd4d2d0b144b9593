CREATE TYPE "public"."forum_write_kind" AS ENUM('thread', 'post');--> statement-breakpoint
CREATE TABLE "forum_writes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "forum_write_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forum_media" DROP CONSTRAINT "forum_media_post_id_forum_posts_id_fk";
--> statement-breakpoint
ALTER TABLE "forum_post_series" ADD COLUMN "position" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "is_original" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_thread_series" ADD COLUMN "position" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("forum_threads"."title")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_writes" ADD CONSTRAINT "forum_writes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_writes_user_idx" ON "forum_writes" USING btree ("user_id","kind","created_at");--> statement-breakpoint
ALTER TABLE "forum_media" ADD CONSTRAINT "forum_media_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_hearts_user_idx" ON "forum_hearts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "forum_media_post_idx" ON "forum_media" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "forum_posts_author_idx" ON "forum_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "forum_threads_search_trgm_idx" ON "forum_threads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Hand-written (not generated): marks the first post of each existing thread as its original post.
UPDATE "forum_posts" SET "is_original" = true WHERE "id" IN (SELECT min("id") FROM "forum_posts" GROUP BY "thread_id");
