ALTER TABLE "contacts" ADD COLUMN "guardian_consent_hospital_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "guardian_consent_version" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "guardian_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_guardian_consent" CHECK (("contacts"."guardian_consent_version" IS NULL) = ("contacts"."guardian_consent_at" IS NULL) AND ("contacts"."guardian_consent_version" IS NULL) = ("contacts"."guardian_consent_hospital_id" IS NULL));