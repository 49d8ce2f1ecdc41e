CREATE TABLE "face_verifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "face_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"ticket" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "his_proof" text;--> statement-breakpoint
-- Only the HIS phone's code proved a contact before; "certified 本人" was never a proof and is proven no more.
UPDATE "contacts" SET "his_proof" = 'SMS' WHERE "his_verified_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "face_verifications" ADD CONSTRAINT "face_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_verifications" ADD CONSTRAINT "face_verifications_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "face_verifications_ticket" ON "face_verifications" USING btree ("ticket");--> statement-breakpoint
CREATE INDEX "face_verifications_contact" ON "face_verifications" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_his_proof" CHECK (("contacts"."his_proof" IS NULL) = ("contacts"."his_verified_at" IS NULL));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_his_proof_kind" CHECK ("contacts"."his_proof" IN ('SMS', 'ACCOUNT_PHONE', 'FACE'));