CREATE TABLE "user_prompt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"use_context" boolean DEFAULT false NOT NULL,
	"section1" text DEFAULT '' NOT NULL,
	"section2" text,
	"section3" text DEFAULT '' NOT NULL,
	"section4" text DEFAULT '' NOT NULL,
	"section5" text DEFAULT '' NOT NULL,
	"section6" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_prompt_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "user_prompt" ADD CONSTRAINT "user_prompt_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;