CREATE TABLE "certification_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certification_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "health_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"code_id" text NOT NULL,
	"color" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "certified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "ethnicity" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "occupation" text;--> statement-breakpoint
ALTER TABLE "certification_attempts" ADD CONSTRAINT "certification_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_attempts" ADD CONSTRAINT "certification_attempts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_codes" ADD CONSTRAINT "health_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_codes" ADD CONSTRAINT "health_codes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certification_attempts_contact_created" ON "certification_attempts" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "certification_attempts_user_created" ON "certification_attempts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "health_codes_contact" ON "health_codes" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "health_codes_user" ON "health_codes" USING btree ("user_id");--> statement-breakpoint
-- Contacts certified before this migration: their certification time is unknown, the last change is the best guess.
UPDATE "contacts" SET "certified_at" = "updated_at" WHERE "certified";--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_certified_at" CHECK ("contacts"."certified" = ("contacts"."certified_at" IS NOT NULL));