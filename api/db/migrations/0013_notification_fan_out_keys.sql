ALTER TABLE "notifications" DROP CONSTRAINT "notifications_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_thread_id_forum_threads_id_fk";
--> statement-breakpoint
DROP INDEX "notifications_thread_idx";--> statement-breakpoint
DROP INDEX "notifications_actor_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_thread_has_post" CHECK ("notifications"."thread_id" is null or "notifications"."post_id" is not null);