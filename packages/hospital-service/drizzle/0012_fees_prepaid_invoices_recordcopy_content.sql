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
CREATE TABLE "inpatient_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inpatient_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"stay_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"receipt_no" text,
	"settlement_refund" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inpatient_stays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inpatient_stays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"hospital_id" text NOT NULL,
	"admission_no" text NOT NULL,
	"department" text NOT NULL,
	"ward" text NOT NULL,
	"bed" text NOT NULL,
	"doctor" text NOT NULL,
	"admitted_on" date NOT NULL,
	"discharged_on" date,
	"status" text NOT NULL,
	"settled_at" timestamp with time zone,
	"receipt_no" text,
	"refund_online" integer DEFAULT 0 NOT NULL,
	"refund_at_desk" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outpatient_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outpatient_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"hospital_id" text NOT NULL,
	"order_ids" integer[] NOT NULL,
	"total" integer NOT NULL,
	"settlement_mode" text DEFAULT 'SELF' NOT NULL,
	"fund_pays" integer DEFAULT 0 NOT NULL,
	"account_pays" integer DEFAULT 0 NOT NULL,
	"self_pays" integer NOT NULL,
	"status" text NOT NULL,
	"lock_expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"receipt_no" text,
	"refund_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outpatient_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outpatient_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"hospital_id" text NOT NULL,
	"his_order_no" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"department" text NOT NULL,
	"doctor" text NOT NULL,
	"prescribed_at" timestamp with time zone NOT NULL,
	"items" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"insurance_covered" boolean NOT NULL,
	"status" text NOT NULL,
	"charge_id" integer,
	"paid_at" timestamp with time zone,
	"invalidated_at" timestamp with time zone,
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
CREATE TABLE "e_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "e_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"hospital_id" text NOT NULL,
	"file_id" text NOT NULL,
	"type" text NOT NULL,
	"invoice_code" text NOT NULL,
	"invoice_number" text NOT NULL,
	"check_code" text NOT NULL,
	"amount" integer NOT NULL,
	"payer_name" text NOT NULL,
	"payer_id_number" text NOT NULL,
	"lines" jsonb NOT NULL,
	"serials" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "e_invoices_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
CREATE TABLE "invoiced_settlements" (
	"settlement_id" text PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prepaid_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prepaid_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"hospital_id" text NOT NULL,
	"account_no" text NOT NULL,
	"card_no" text NOT NULL,
	"status" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prepaid_accounts_account_no_unique" UNIQUE("account_no")
);
--> statement-breakpoint
CREATE TABLE "prepaid_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prepaid_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"channel" text NOT NULL,
	"ref" text NOT NULL,
	"recharge_id" integer,
	CONSTRAINT "prepaid_entries_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "prepaid_recharges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prepaid_recharges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"refund_fen" integer DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone
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
ALTER TABLE "inpatient_payments" ADD CONSTRAINT "inpatient_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inpatient_payments" ADD CONSTRAINT "inpatient_payments_stay_id_inpatient_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."inpatient_stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inpatient_stays" ADD CONSTRAINT "inpatient_stays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inpatient_stays" ADD CONSTRAINT "inpatient_stays_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inpatient_stays" ADD CONSTRAINT "inpatient_stays_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outpatient_charges" ADD CONSTRAINT "outpatient_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outpatient_charges" ADD CONSTRAINT "outpatient_charges_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outpatient_charges" ADD CONSTRAINT "outpatient_charges_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outpatient_orders" ADD CONSTRAINT "outpatient_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outpatient_orders" ADD CONSTRAINT "outpatient_orders_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outpatient_orders" ADD CONSTRAINT "outpatient_orders_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoiced_settlements" ADD CONSTRAINT "invoiced_settlements_invoice_id_e_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."e_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_accounts" ADD CONSTRAINT "prepaid_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_accounts" ADD CONSTRAINT "prepaid_accounts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_accounts" ADD CONSTRAINT "prepaid_accounts_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_entries" ADD CONSTRAINT "prepaid_entries_account_id_prepaid_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."prepaid_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_recharges" ADD CONSTRAINT "prepaid_recharges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_recharges" ADD CONSTRAINT "prepaid_recharges_account_id_prepaid_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."prepaid_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_copy_orders" ADD CONSTRAINT "record_copy_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_copy_orders" ADD CONSTRAINT "record_copy_orders_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_copy_orders" ADD CONSTRAINT "record_copy_orders_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "express_addresses_user" ON "express_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "express_addresses_one_default" ON "express_addresses" USING btree ("user_id") WHERE "express_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "inpatient_payments_stay" ON "inpatient_payments" USING btree ("stay_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "inpatient_stays_his" ON "inpatient_stays" USING btree ("user_id","contact_id","hospital_id","admission_no");--> statement-breakpoint
CREATE INDEX "inpatient_stays_contact" ON "inpatient_stays" USING btree ("contact_id","hospital_id");--> statement-breakpoint
CREATE INDEX "outpatient_charges_contact" ON "outpatient_charges" USING btree ("contact_id","hospital_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outpatient_orders_his" ON "outpatient_orders" USING btree ("user_id","contact_id","hospital_id","his_order_no");--> statement-breakpoint
CREATE INDEX "outpatient_orders_contact" ON "outpatient_orders" USING btree ("contact_id","hospital_id");--> statement-breakpoint
CREATE INDEX "outpatient_orders_charge" ON "outpatient_orders" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "uploaded_files_user" ON "uploaded_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "e_invoices_contact" ON "e_invoices" USING btree ("contact_id","hospital_id");--> statement-breakpoint
CREATE INDEX "e_invoices_user" ON "e_invoices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prepaid_accounts_one_open" ON "prepaid_accounts" USING btree ("contact_id","hospital_id") WHERE "prepaid_accounts"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "prepaid_accounts_user" ON "prepaid_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prepaid_entries_account" ON "prepaid_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "prepaid_recharges_account" ON "prepaid_recharges" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "prepaid_recharges_user" ON "prepaid_recharges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "record_copy_orders_user" ON "record_copy_orders" USING btree ("user_id","hospital_id");--> statement-breakpoint
ALTER TABLE "hospital_profiles" DROP COLUMN "address";