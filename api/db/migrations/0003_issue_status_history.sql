CREATE TABLE "issue_status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"from_status" "issue_status" NOT NULL,
	"to_status" "issue_status" NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issue_reports" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("issue_reports"."title" || ' ' || "issue_reports"."description")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_status_changes" ADD CONSTRAINT "issue_status_changes_issue_id_issue_reports_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issue_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_status_changes" ADD CONSTRAINT "issue_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_status_changes_issue_idx" ON "issue_status_changes" USING btree ("issue_id","changed_at","id");--> statement-breakpoint
CREATE INDEX "issue_reports_search_trgm_idx" ON "issue_reports" USING gin ("search_text" gin_trgm_ops);