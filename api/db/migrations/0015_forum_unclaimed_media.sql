ALTER TABLE "forum_media" ALTER COLUMN "thread_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "forum_media_unclaimed_uploader_idx" ON "forum_media" USING btree ("uploader_id") WHERE "forum_media"."thread_id" is null;--> statement-breakpoint
CREATE INDEX "forum_media_unclaimed_age_idx" ON "forum_media" USING btree ("created_at") WHERE "forum_media"."thread_id" is null;