CREATE TABLE "follow_up_platform_calls" (
	"signature" text PRIMARY KEY NOT NULL,
	"call" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "follow_up_platform_calls_expiry" ON "follow_up_platform_calls" USING btree ("expires_at");