ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_post_id_forum_posts_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_issue_id_issue_reports_id_fk";
--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "notifications_issue_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_issue_idx" ON "notifications" USING btree ("issue_id") WHERE "notifications"."issue_id" is not null;--> statement-breakpoint
-- A notification goes with its recipient, its post or its report, whatever deletes them: the API's
-- deletions, the cascades (a thread's deletion takes its posts, a post's its replies) and SQL by hand. One
-- call per deleting statement, reading the deleted ids from its transition table, instead of the foreign
-- keys' trigger call per inserted notification.
-- The ids go as one array: the function's plan is made once per session, and a join with the transition
-- table would be planned for the size of the first deletion (a thread's thousand posts: a scan of the whole
-- table, then kept for every later one-post deletion). `= ANY (array)` is an index search whatever its size.
CREATE OR REPLACE FUNCTION panelrank_users_deleted_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM notifications WHERE user_id = ANY (ARRAY(SELECT id FROM deleted_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_deleted_notifications AFTER DELETE ON users
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT
  EXECUTE FUNCTION panelrank_users_deleted_notifications();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION panelrank_posts_deleted_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM notifications WHERE post_id = ANY (ARRAY(SELECT id FROM deleted_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER forum_posts_deleted_notifications AFTER DELETE ON forum_posts
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT
  EXECUTE FUNCTION panelrank_posts_deleted_notifications();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION panelrank_reports_deleted_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM notifications WHERE issue_id IS NOT NULL AND issue_id = ANY (ARRAY(SELECT id FROM deleted_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER issue_reports_deleted_notifications AFTER DELETE ON issue_reports
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT
  EXECUTE FUNCTION panelrank_reports_deleted_notifications();
