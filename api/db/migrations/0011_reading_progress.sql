-- Reading progress per list item: a status (PLAN_TO_READ when added) and chapters read (0 when added), both checked.
ALTER TABLE "reading_list_items" ADD COLUMN "reading_status" text DEFAULT 'PLAN_TO_READ' NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_list_items" ADD COLUMN "chapters_read" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_list_items" ADD CONSTRAINT "reading_list_items_reading_status_check" CHECK ("reading_list_items"."reading_status" in ('READING', 'COMPLETED', 'ON_HOLD', 'DROPPED', 'PLAN_TO_READ'));--> statement-breakpoint
ALTER TABLE "reading_list_items" ADD CONSTRAINT "reading_list_items_chapters_read_check" CHECK ("reading_list_items"."chapters_read" between 0 and 100000);