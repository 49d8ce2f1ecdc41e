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
CREATE INDEX "inpatient_payments_stay" ON "inpatient_payments" USING btree ("stay_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "inpatient_stays_his" ON "inpatient_stays" USING btree ("user_id","contact_id","hospital_id","admission_no");--> statement-breakpoint
CREATE INDEX "inpatient_stays_contact" ON "inpatient_stays" USING btree ("contact_id","hospital_id");--> statement-breakpoint
CREATE INDEX "outpatient_charges_contact" ON "outpatient_charges" USING btree ("contact_id","hospital_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outpatient_orders_his" ON "outpatient_orders" USING btree ("user_id","contact_id","hospital_id","his_order_no");--> statement-breakpoint
CREATE INDEX "outpatient_orders_contact" ON "outpatient_orders" USING btree ("contact_id","hospital_id");--> statement-breakpoint
CREATE INDEX "outpatient_orders_charge" ON "outpatient_orders" USING btree ("charge_id");