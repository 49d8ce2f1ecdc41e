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
ALTER TABLE "queue_calls" ADD CONSTRAINT "queue_calls_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_calls_number" ON "queue_calls" USING btree ("queue_id","date","number");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_sign" ON "queue_entries" USING btree ("hospital_id","sign_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_number" ON "queue_entries" USING btree ("queue_id","date","number");--> statement-breakpoint
CREATE INDEX "queue_entries_user_date" ON "queue_entries" USING btree ("user_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "queues_hospital_kind_ref" ON "queues" USING btree ("hospital_id","kind","ref");