CREATE TABLE "nucleic_acid_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nucleic_acid_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"hospital_id" text NOT NULL,
	"patient_name" text NOT NULL,
	"document_number" text NOT NULL,
	"type" text NOT NULL,
	"item_name" text NOT NULL,
	"price_fen" integer NOT NULL,
	"status" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"sample_no" text,
	"result" jsonb,
	"paid_at" timestamp with time zone,
	"sampled_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nucleic_acid_orders" ADD CONSTRAINT "nucleic_acid_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nucleic_acid_orders" ADD CONSTRAINT "nucleic_acid_orders_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nucleic_acid_orders" ADD CONSTRAINT "nucleic_acid_orders_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nucleic_acid_orders_user" ON "nucleic_acid_orders" USING btree ("user_id","hospital_id");--> statement-breakpoint
CREATE INDEX "nucleic_acid_orders_contact" ON "nucleic_acid_orders" USING btree ("contact_id","hospital_id");