CREATE TABLE "companion_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companion_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"hospital_id" text NOT NULL,
	"contact_id" integer NOT NULL,
	"stay_id" integer NOT NULL,
	"admission_no" text NOT NULL,
	"patient_name" text NOT NULL,
	"department" text NOT NULL,
	"ward" text NOT NULL,
	"bed" text NOT NULL,
	"companion_name" text NOT NULL,
	"companion_id_card" text NOT NULL,
	"companion_phone" text NOT NULL,
	"relation" text NOT NULL,
	"declaration" jsonb NOT NULL,
	"status" text NOT NULL,
	"reject_reason" text,
	"reviewed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companion_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companion_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hospital_id" text NOT NULL,
	"code" text NOT NULL,
	"text" text NOT NULL,
	"allowed_answer" boolean NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companion_cards" ADD CONSTRAINT "companion_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companion_cards" ADD CONSTRAINT "companion_cards_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companion_cards" ADD CONSTRAINT "companion_cards_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companion_cards" ADD CONSTRAINT "companion_cards_stay_id_inpatient_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."inpatient_stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companion_questions" ADD CONSTRAINT "companion_questions_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companion_cards_user" ON "companion_cards" USING btree ("user_id","hospital_id");--> statement-breakpoint
CREATE UNIQUE INDEX "companion_cards_one_per_stay" ON "companion_cards" USING btree ("hospital_id","admission_no","companion_id_card") WHERE "companion_cards"."status" in ('APPLYING', 'EFFECTIVE');--> statement-breakpoint
CREATE UNIQUE INDEX "companion_questions_code" ON "companion_questions" USING btree ("hospital_id","code");