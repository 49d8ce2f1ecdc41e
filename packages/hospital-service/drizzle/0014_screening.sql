CREATE TABLE "screening_communities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "screening_communities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"street_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_streets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "screening_streets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hospital_id" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"intro" jsonb NOT NULL,
	"place" text NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"questions" jsonb NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screenings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "screenings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"street_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"name" text NOT NULL,
	"identity_card" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"health" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"level" text NOT NULL,
	"score" integer NOT NULL,
	"bmi" real NOT NULL,
	"factors" jsonb NOT NULL,
	"advice" jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "screening_communities" ADD CONSTRAINT "screening_communities_street_id_screening_streets_id_fk" FOREIGN KEY ("street_id") REFERENCES "public"."screening_streets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_streets" ADD CONSTRAINT "screening_streets_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_street_id_screening_streets_id_fk" FOREIGN KEY ("street_id") REFERENCES "public"."screening_streets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_community_id_screening_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."screening_communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "screening_communities_name" ON "screening_communities" USING btree ("street_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_streets_name" ON "screening_streets" USING btree ("hospital_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "screenings_person_campaign" ON "screenings" USING btree ("street_id","identity_card");--> statement-breakpoint
CREATE INDEX "screenings_user" ON "screenings" USING btree ("user_id","identity_card");