ALTER TABLE "series" ADD COLUMN "chapters" integer;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "volumes" integer;--> statement-breakpoint
ALTER TABLE "reading_list_items" ADD COLUMN "score" smallint;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_chapters_range" CHECK ("series"."chapters" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_volumes_range" CHECK ("series"."volumes" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "reading_list_items" ADD CONSTRAINT "reading_list_items_score_check" CHECK ("reading_list_items"."score" between 1 and 10);