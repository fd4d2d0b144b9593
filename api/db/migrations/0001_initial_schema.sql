CREATE TYPE "public"."issue_status" AS ENUM('OPEN', 'IN_PROGRESS', 'FIXED', 'WONT_FIX');--> statement-breakpoint
CREATE TYPE "public"."issue_type" AS ENUM('BUG', 'FEATURE', 'CONTENT', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."series_status" AS ENUM('ONGOING', 'COMPLETE', 'HIATUS', 'UNKNOWN', 'SEASON_END');--> statement-breakpoint
CREATE TYPE "public"."series_type" AS ENUM('MANHWA', 'MANGA', 'MANHUA');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('USER', 'ADMIN');--> statement-breakpoint
CREATE TYPE "public"."vote_category" AS ENUM('STORY', 'CHARACTERS', 'WORLD_BUILDING', 'ART', 'DRAMA_OR_FIGHT');--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role" "user_role" DEFAULT 'USER' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"google_subject" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"genre" text NOT NULL,
	"type" "series_type" NOT NULL,
	"status" "series_status",
	"author" text DEFAULT '' NOT NULL,
	"artist" text DEFAULT '' NOT NULL,
	"cover_key" text,
	"voter_count" integer DEFAULT 0 NOT NULL,
	"final_score" double precision DEFAULT 0 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("series"."title" || ' ' || "series"."author" || ' ' || "series"."artist" || ' ' || "series"."genre")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_details" (
	"series_id" integer PRIMARY KEY NOT NULL,
	"synopsis" text DEFAULT '' NOT NULL,
	"cover_key" text,
	"story_total" integer DEFAULT 0 NOT NULL,
	"story_count" integer DEFAULT 0 NOT NULL,
	"characters_total" integer DEFAULT 0 NOT NULL,
	"characters_count" integer DEFAULT 0 NOT NULL,
	"worldbuilding_total" integer DEFAULT 0 NOT NULL,
	"worldbuilding_count" integer DEFAULT 0 NOT NULL,
	"art_total" integer DEFAULT 0 NOT NULL,
	"art_count" integer DEFAULT 0 NOT NULL,
	"drama_or_fight_total" integer DEFAULT 0 NOT NULL,
	"drama_or_fight_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_voters" (
	"series_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "series_voters_series_id_user_id_pk" PRIMARY KEY("series_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	"category" "vote_category" NOT NULL,
	"score" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_score_range" CHECK ("votes"."score" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text DEFAULT 'VERIFY_EMAIL' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_list_items" (
	"list_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_list_items_list_id_series_id_pk" PRIMARY KEY("list_id","series_id")
);
--> statement-breakpoint
CREATE TABLE "reading_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"share_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_hearts" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_hearts_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "forum_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"uploader_id" integer,
	"thread_id" integer NOT NULL,
	"post_id" integer,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_post_series" (
	"post_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	CONSTRAINT "forum_post_series_post_id_series_id_pk" PRIMARY KEY("post_id","series_id")
);
--> statement-breakpoint
CREATE TABLE "forum_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"parent_id" integer,
	"author_id" integer,
	"content_markdown" text NOT NULL,
	"heart_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_thread_series" (
	"thread_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	CONSTRAINT "forum_thread_series_thread_id_series_id_pk" PRIMARY KEY("thread_id","series_id")
);
--> statement-breakpoint
CREATE TABLE "forum_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_id" integer,
	"title" text NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"latest_first" boolean DEFAULT false NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_post_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" "issue_type" NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"status" "issue_status" DEFAULT 'OPEN' NOT NULL,
	"page_url" text,
	"email" text,
	"screenshot_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "series_details" ADD CONSTRAINT "series_details_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_voters" ADD CONSTRAINT "series_voters_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_voters" ADD CONSTRAINT "series_voters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_list_items" ADD CONSTRAINT "reading_list_items_list_id_reading_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."reading_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_list_items" ADD CONSTRAINT "reading_list_items_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_lists" ADD CONSTRAINT "reading_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_hearts" ADD CONSTRAINT "forum_hearts_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_hearts" ADD CONSTRAINT "forum_hearts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_media" ADD CONSTRAINT "forum_media_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_media" ADD CONSTRAINT "forum_media_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_media" ADD CONSTRAINT "forum_media_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_post_series" ADD CONSTRAINT "forum_post_series_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_post_series" ADD CONSTRAINT "forum_post_series_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_parent_id_forum_posts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread_series" ADD CONSTRAINT "forum_thread_series_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread_series" ADD CONSTRAINT "forum_thread_series_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_subject_idx" ON "users" USING btree ("google_subject");--> statement-breakpoint
CREATE INDEX "series_ranking_idx" ON "series" USING btree ("final_score" DESC NULLS LAST,"voter_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "series_type_ranking_idx" ON "series" USING btree ("type","final_score" DESC NULLS LAST,"voter_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "series_search_trgm_idx" ON "series" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "votes_user_series_category_idx" ON "votes" USING btree ("user_id","series_id","category");--> statement-breakpoint
CREATE INDEX "votes_series_idx" ON "votes" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_hash_idx" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reading_list_items_list_added_idx" ON "reading_list_items" USING btree ("list_id","added_at");--> statement-breakpoint
CREATE INDEX "reading_list_items_series_idx" ON "reading_list_items" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "reading_lists_user_idx" ON "reading_lists" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reading_lists_user_name_idx" ON "reading_lists" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "reading_lists_share_token_idx" ON "reading_lists" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "forum_media_thread_idx" ON "forum_media" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "forum_post_series_series_idx" ON "forum_post_series" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "forum_posts_thread_idx" ON "forum_posts" USING btree ("thread_id","created_at","id");--> statement-breakpoint
CREATE INDEX "forum_posts_parent_idx" ON "forum_posts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "forum_thread_series_series_idx" ON "forum_thread_series" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "forum_threads_listing_idx" ON "forum_threads" USING btree ("pinned" DESC NULLS LAST,"last_post_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_author_idx" ON "forum_threads" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "issue_reports_created_idx" ON "issue_reports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "issue_reports_status_idx" ON "issue_reports" USING btree ("status");