CREATE TABLE "bed_order_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bed_order_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_kind" text NOT NULL,
	"staff_id" integer,
	"actor_name" text NOT NULL,
	"detail" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bed_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bed_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hospital_id" text NOT NULL,
	"user_id" integer,
	"contact_id" integer,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"patient_name" text NOT NULL,
	"phone" text NOT NULL,
	"dept_code" text NOT NULL,
	"notice_no" text NOT NULL,
	"diagnosis" text NOT NULL,
	"doctor_name" text NOT NULL,
	"expected_date" text,
	"remark" text DEFAULT '' NOT NULL,
	"admit_date" text,
	"admit_period" text,
	"bed_no" text,
	"admit_note" text,
	"confirmed_by" integer,
	"applied_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hospital_id" text NOT NULL,
	"corp_user_id" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"wards" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"staff_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "staff_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "bed_order_logs" ADD CONSTRAINT "bed_order_logs_order_id_bed_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."bed_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bed_order_logs" ADD CONSTRAINT "bed_order_logs_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bed_orders" ADD CONSTRAINT "bed_orders_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bed_orders" ADD CONSTRAINT "bed_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bed_orders" ADD CONSTRAINT "bed_orders_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bed_orders" ADD CONSTRAINT "bed_orders_confirmed_by_staff_members_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bed_order_logs_order" ON "bed_order_logs" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "bed_orders_user" ON "bed_orders" USING btree ("user_id","hospital_id");--> statement-breakpoint
CREATE INDEX "bed_orders_ward" ON "bed_orders" USING btree ("hospital_id","dept_code","status");--> statement-breakpoint
CREATE UNIQUE INDEX "bed_orders_one_live_per_notice" ON "bed_orders" USING btree ("hospital_id","notice_no") WHERE "bed_orders"."status" <> 'CANCELLED';--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_corp_user" ON "staff_members" USING btree ("hospital_id","corp_user_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff" ON "staff_sessions" USING btree ("staff_id");