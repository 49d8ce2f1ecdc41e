ALTER TABLE "sms_codes" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD CONSTRAINT "sms_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_codes_created" ON "sms_codes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_client_created" ON "sms_codes" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_user_created" ON "sms_codes" USING btree ("user_id","created_at");