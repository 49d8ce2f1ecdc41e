CREATE TABLE "city_service_energy_grants" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"scene" text NOT NULL,
	"grant_id" text NOT NULL,
	"energy" integer NOT NULL,
	"granted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "city_service_energy_grants" ADD CONSTRAINT "city_service_energy_grants_order_id_appointment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."appointment_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_service_energy_grants" ADD CONSTRAINT "city_service_energy_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;