-- A post's likes are called likes everywhere inside the API; only the HTTP contract keeps its own field
-- names (heart_count, viewer_has_hearted and the /heart path). Renames keep every row and index.
ALTER TABLE "forum_hearts" RENAME TO "forum_likes";--> statement-breakpoint
ALTER TABLE "forum_likes" RENAME CONSTRAINT "forum_hearts_post_id_user_id_pk" TO "forum_likes_post_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "forum_likes" RENAME CONSTRAINT "forum_hearts_post_id_forum_posts_id_fk" TO "forum_likes_post_id_forum_posts_id_fk";--> statement-breakpoint
ALTER TABLE "forum_likes" RENAME CONSTRAINT "forum_hearts_user_id_users_id_fk" TO "forum_likes_user_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "forum_hearts_user_idx" RENAME TO "forum_likes_user_idx";--> statement-breakpoint
ALTER TABLE "forum_posts" RENAME COLUMN "heart_count" TO "like_count";
