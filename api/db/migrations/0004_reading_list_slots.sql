-- Each list takes one of its owner's numbered places; the unique index and the check make the database
-- refuse a list past the per-user cap under any concurrency. Lists that already exist get their places
-- in creation order.
ALTER TABLE "reading_lists" ADD COLUMN "slot" smallint;--> statement-breakpoint
UPDATE "reading_lists" SET "slot" = numbered."place" FROM (
	SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "id") AS "place" FROM "reading_lists"
) AS numbered WHERE numbered."id" = "reading_lists"."id";--> statement-breakpoint
ALTER TABLE "reading_lists" ALTER COLUMN "slot" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reading_lists_user_slot_idx" ON "reading_lists" USING btree ("user_id","slot");--> statement-breakpoint
ALTER TABLE "reading_lists" ADD CONSTRAINT "reading_lists_slot_check" CHECK ("reading_lists"."slot" between 1 and 2);--> statement-breakpoint
ALTER TABLE "reading_lists" ADD CONSTRAINT "reading_lists_name_length_check" CHECK (char_length("reading_lists"."name") between 1 and 50);
