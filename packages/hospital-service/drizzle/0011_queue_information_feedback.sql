CREATE TABLE "feedbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"hospital_id" text NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"content" jsonb NOT NULL,
	"phone" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reply" jsonb,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follow_up_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"hospital_id" text NOT NULL,
	"inhospital_id" text NOT NULL,
	"task_no" text NOT NULL,
	"kind" text NOT NULL,
	"template" text NOT NULL,
	"department" text NOT NULL,
	"patient_name" text NOT NULL,
	"return_date" text,
	"return_doctor" text,
	"status" text NOT NULL,
	"answers" jsonb,
	"score" integer,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hospital_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hospital_id" text NOT NULL,
	"title" text NOT NULL,
	"body" jsonb NOT NULL,
	"published_at" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_profiles" (
	"hospital_id" text PRIMARY KEY NOT NULL,
	"subtitle" text NOT NULL,
	"facts" jsonb NOT NULL,
	"website" text NOT NULL,
	"introduction" jsonb NOT NULL,
	"address" text NOT NULL,
	"hours" jsonb NOT NULL,
	"hotlines" jsonb NOT NULL,
	"transport" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hospital_id" text NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"pinyin" text NOT NULL,
	"initials" text NOT NULL,
	"specification" text NOT NULL,
	"unit" text NOT NULL,
	"price" integer NOT NULL,
	"insurance_category" text NOT NULL,
	"manufacturer" text
);
--> statement-breakpoint
CREATE TABLE "queue_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queue_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"queue_id" integer NOT NULL,
	"date" date NOT NULL,
	"number" integer NOT NULL,
	"issued" integer NOT NULL,
	"called_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queue_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"hospital_id" text NOT NULL,
	"queue_id" integer NOT NULL,
	"date" date NOT NULL,
	"sign_id" text NOT NULL,
	"title" text NOT NULL,
	"patient_name" text NOT NULL,
	"number" integer NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hospital_id" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"pace_min" integer NOT NULL,
	"pace_max" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_tasks" ADD CONSTRAINT "follow_up_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_tasks" ADD CONSTRAINT "follow_up_tasks_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_tasks" ADD CONSTRAINT "follow_up_tasks_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_notices" ADD CONSTRAINT "hospital_notices_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_profiles" ADD CONSTRAINT "hospital_profiles_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_items" ADD CONSTRAINT "price_items_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_calls" ADD CONSTRAINT "queue_calls_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedbacks_user" ON "feedbacks" USING btree ("user_id","hospital_id");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_tasks_no" ON "follow_up_tasks" USING btree ("hospital_id","task_no");--> statement-breakpoint
CREATE INDEX "follow_up_tasks_user" ON "follow_up_tasks" USING btree ("user_id","inhospital_id");--> statement-breakpoint
CREATE INDEX "hospital_notices_hospital" ON "hospital_notices" USING btree ("hospital_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "price_items_code" ON "price_items" USING btree ("hospital_id","kind","code");--> statement-breakpoint
CREATE INDEX "price_items_initials" ON "price_items" USING btree ("hospital_id","kind","initials");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_calls_number" ON "queue_calls" USING btree ("queue_id","date","number");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_sign" ON "queue_entries" USING btree ("hospital_id","sign_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_number" ON "queue_entries" USING btree ("queue_id","date","number");--> statement-breakpoint
CREATE INDEX "queue_entries_user_date" ON "queue_entries" USING btree ("user_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "queues_hospital_kind_ref" ON "queues" USING btree ("hospital_id","kind","ref");