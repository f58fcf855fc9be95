CREATE TABLE "meter_report" (
	"owner_id" text NOT NULL,
	"month" text NOT NULL,
	"reported_credits" integer DEFAULT 0 NOT NULL,
	"pending_credits" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_report_owner_id_month_pk" PRIMARY KEY("owner_id","month")
);
--> statement-breakpoint
ALTER TABLE "meter_report" ADD CONSTRAINT "meter_report_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;