CREATE TABLE "express_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "express_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"county_code" text NOT NULL,
	"region" jsonb NOT NULL,
	"detail" text NOT NULL,
	"postal_code" text NOT NULL,
	"is_default" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "uploaded_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "record_copy_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_copy_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"hospital_id" text NOT NULL,
	"patient_name" text NOT NULL,
	"applicant" text NOT NULL,
	"stays" jsonb NOT NULL,
	"purpose_code" text NOT NULL,
	"purpose_name" text NOT NULL,
	"parts" jsonb NOT NULL,
	"copies" integer NOT NULL,
	"delivery" text NOT NULL,
	"address" jsonb,
	"copy_fee" integer NOT NULL,
	"postage" integer NOT NULL,
	"photos" jsonb NOT NULL,
	"status" text NOT NULL,
	"courier" text,
	"tracking_no" text,
	"shipped_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"refuse_reason" text,
	"cancelled_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "express_addresses" ADD CONSTRAINT "express_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_copy_orders" ADD CONSTRAINT "record_copy_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_copy_orders" ADD CONSTRAINT "record_copy_orders_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_copy_orders" ADD CONSTRAINT "record_copy_orders_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "express_addresses_user" ON "express_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "express_addresses_one_default" ON "express_addresses" USING btree ("user_id") WHERE "express_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "uploaded_files_user" ON "uploaded_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "record_copy_orders_user" ON "record_copy_orders" USING btree ("user_id","hospital_id");