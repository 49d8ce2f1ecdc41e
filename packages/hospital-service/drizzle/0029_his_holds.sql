ALTER TABLE "appointment_orders" ADD COLUMN "his_hold_ref" text;--> statement-breakpoint
ALTER TABLE "appointment_orders" ADD COLUMN "his_sync" text;--> statement-breakpoint
CREATE INDEX "appointment_orders_his_sync" ON "appointment_orders" USING btree ("his_sync") WHERE "appointment_orders"."his_sync" IS NOT NULL;