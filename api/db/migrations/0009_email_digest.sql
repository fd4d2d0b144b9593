CREATE TYPE "public"."email_digest" AS ENUM('never', 'daily');--> statement-breakpoint
CREATE TABLE "scheduled_job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_digest" "email_digest" DEFAULT 'never' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_sent_at" timestamp with time zone;