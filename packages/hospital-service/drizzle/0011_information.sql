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
ALTER TABLE "hospital_notices" ADD CONSTRAINT "hospital_notices_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_profiles" ADD CONSTRAINT "hospital_profiles_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_items" ADD CONSTRAINT "price_items_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hospital_notices_hospital" ON "hospital_notices" USING btree ("hospital_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "price_items_code" ON "price_items" USING btree ("hospital_id","kind","code");--> statement-breakpoint
CREATE INDEX "price_items_initials" ON "price_items" USING btree ("hospital_id","kind","initials");