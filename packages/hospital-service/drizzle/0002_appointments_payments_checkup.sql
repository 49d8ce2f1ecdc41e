CREATE TABLE "appointment_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointment_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"hospital_id" text NOT NULL,
	"schedule_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"doctor_id" integer,
	"visit_date" date NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"contact_id" integer,
	"card_id" integer,
	"patient_name" text,
	"medical_card_no" text,
	"card_type" text,
	"fee" integer NOT NULL,
	"settlement_mode" text,
	"insurance_pays" integer DEFAULT 0 NOT NULL,
	"self_pays" integer NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"visit_starts_at" timestamp with time zone NOT NULL,
	"visit_ends_at" timestamp with time zone NOT NULL,
	"cancel_deadline" timestamp with time zone NOT NULL,
	"placed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"cancel_reason" text,
	"visit_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_rules" (
	"hospital_id" text PRIMARY KEY NOT NULL,
	"days_ahead" integer NOT NULL,
	"release_time" text NOT NULL,
	"same_day_cutoff_am" text NOT NULL,
	"same_day_cutoff_pm" text NOT NULL,
	"cancel_rule" text NOT NULL,
	"cancel_time" text,
	"cancel_hours" integer,
	"hold_minutes" integer DEFAULT 10 NOT NULL,
	"daily_limit" integer DEFAULT 3 NOT NULL,
	"payment_app_id" text NOT NULL,
	CONSTRAINT "booking_rules_cancel" CHECK (("booking_rules"."cancel_rule" = 'DAY_BEFORE' AND "booking_rules"."cancel_time" IS NOT NULL) OR ("booking_rules"."cancel_rule" = 'HOURS_BEFORE' AND "booking_rules"."cancel_hours" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "checkup_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checkup_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"hospital_id" text NOT NULL,
	"application_no" text NOT NULL,
	"order_item_id" text NOT NULL,
	"visit_type" text NOT NULL,
	"item_code" text NOT NULL,
	"urgent_flag" text NOT NULL,
	"emergency_schedule" text NOT NULL,
	"item_type_id" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"appt_date" date,
	"appt_batch_id" text,
	"appt_time_range" text,
	"booked_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkup_applications_booking" CHECK (("checkup_applications"."status" IN ('BOOKED', 'DONE')) = ("checkup_applications"."appt_date" IS NOT NULL AND "checkup_applications"."appt_batch_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"order_type" text NOT NULL,
	"order_id" integer NOT NULL,
	"channel" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"trade_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payments_trade_no_unique" UNIQUE("trade_no")
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schedule_id" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"capacity" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sources_reserved" CHECK ("sources"."reserved" >= 0 AND "sources"."reserved" <= "sources"."capacity")
);
--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "pinyin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "initials" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "visit_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_orders" ADD CONSTRAINT "appointment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_orders" ADD CONSTRAINT "appointment_orders_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_orders" ADD CONSTRAINT "appointment_orders_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_orders" ADD CONSTRAINT "appointment_orders_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_orders" ADD CONSTRAINT "appointment_orders_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_orders" ADD CONSTRAINT "appointment_orders_card_id_medical_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."medical_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rules" ADD CONSTRAINT "booking_rules_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkup_applications" ADD CONSTRAINT "checkup_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkup_applications" ADD CONSTRAINT "checkup_applications_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkup_applications" ADD CONSTRAINT "checkup_applications_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_orders_source_status" ON "appointment_orders" USING btree ("source_id","status");--> statement-breakpoint
CREATE INDEX "appointment_orders_user_created" ON "appointment_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "appointment_orders_user_visit" ON "appointment_orders" USING btree ("user_id","visit_date");--> statement-breakpoint
CREATE INDEX "appointment_orders_status_hold" ON "appointment_orders" USING btree ("status","hold_expires_at");--> statement-breakpoint
CREATE INDEX "appointment_orders_schedule" ON "appointment_orders" USING btree ("schedule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkup_applications_request" ON "checkup_applications" USING btree ("user_id","hospital_id","application_no","order_item_id");--> statement-breakpoint
CREATE INDEX "checkup_applications_contact" ON "checkup_applications" USING btree ("contact_id","hospital_id");--> statement-breakpoint
CREATE INDEX "checkup_applications_slot" ON "checkup_applications" USING btree ("hospital_id","item_type_id","appt_date","appt_batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order" ON "payments" USING btree ("order_type","order_id");--> statement-breakpoint
CREATE INDEX "payments_user" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_schedule_start" ON "sources" USING btree ("schedule_id","start_time");