CREATE TABLE "insurance_authorisations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insurance_authorisations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"pay_auth_no" text NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "insurance_authorisations_pay_auth_no_unique" UNIQUE("pay_auth_no")
);
--> statement-breakpoint
CREATE TABLE "insurance_settlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insurance_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_type" text NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"pay_auth_no" text NOT NULL,
	"centre_settlement_no" text NOT NULL,
	"total_fen" integer NOT NULL,
	"fund_fen" integer NOT NULL,
	"account_fen" integer NOT NULL,
	"cash_fen" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "insurance_settlements_centre_settlement_no_unique" UNIQUE("centre_settlement_no")
);
--> statement-breakpoint
CREATE TABLE "sim_insurance_accounts" (
	"identity_hash" text PRIMARY KEY NOT NULL,
	"balance_fen" integer NOT NULL,
	"deductible_year" integer NOT NULL,
	"deductible_used_fen" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_insurance_grants" (
	"auth_code" text PRIMARY KEY NOT NULL,
	"identity_hash" text NOT NULL,
	"name" text NOT NULL,
	"identity_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"pay_auth_no" text,
	"pay_auth_expires_at" timestamp with time zone,
	CONSTRAINT "sim_insurance_grants_pay_auth_no_unique" UNIQUE("pay_auth_no")
);
--> statement-breakpoint
CREATE TABLE "sim_insurance_item_rules" (
	"hospital_id" text NOT NULL,
	"item_code" text NOT NULL,
	"fund_percent" integer NOT NULL,
	CONSTRAINT "sim_insurance_item_rules_hospital_id_item_code_pk" PRIMARY KEY("hospital_id","item_code")
);
--> statement-breakpoint
CREATE TABLE "sim_insurance_policies" (
	"hospital_id" text PRIMARY KEY NOT NULL,
	"deductible_fen" integer NOT NULL,
	"account_pays" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_insurance_settlements" (
	"settlement_no" text PRIMARY KEY NOT NULL,
	"pay_auth_no" text NOT NULL,
	"hospital_id" text NOT NULL,
	"identity_hash" text NOT NULL,
	"total_fen" integer NOT NULL,
	"fund_fen" integer NOT NULL,
	"account_fen" integer NOT NULL,
	"cash_fen" integer NOT NULL,
	"deductible_fen" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_orders" ADD COLUMN "fund_pays" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_orders" ADD COLUMN "account_pays" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_authorisations" ADD CONSTRAINT "insurance_authorisations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_settlements" ADD CONSTRAINT "insurance_settlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_authorisations_user" ON "insurance_authorisations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_settlements_order" ON "insurance_settlements" USING btree ("order_type","order_id");--> statement-breakpoint
-- Orders split before the insurance centre: what insurance paid was the fund's.
UPDATE "appointment_orders" SET "fund_pays" = "insurance_pays";
