CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"body_markdown" text NOT NULL,
	"spoiler" boolean DEFAULT false NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_helpful_count_not_negative" CHECK ("reviews"."helpful_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "review_helpful_marks" (
	"review_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_helpful_marks_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "series_also_liked" (
	"series_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"liked_id" integer NOT NULL,
	"similarity" real NOT NULL,
	CONSTRAINT "series_also_liked_series_id_position_pk" PRIMARY KEY("series_id","position"),
	CONSTRAINT "series_also_liked_position" CHECK ("series_also_liked"."position" between 1 and 6)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_reading_stats" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_helpful_marks" ADD CONSTRAINT "review_helpful_marks_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_helpful_marks" ADD CONSTRAINT "review_helpful_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_also_liked" ADD CONSTRAINT "series_also_liked_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_also_liked" ADD CONSTRAINT "series_also_liked_liked_id_series_id_fk" FOREIGN KEY ("liked_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_series_user_idx" ON "reviews" USING btree ("series_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_series_helpful_idx" ON "reviews" USING btree ("series_id","helpful_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "reviews_series_newest_idx" ON "reviews" USING btree ("series_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_helpful_marks_user_idx" ON "review_helpful_marks" USING btree ("user_id");