ALTER TABLE "express_addresses" ADD COLUMN "street_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "express_addresses" ADD COLUMN "street" text DEFAULT '' NOT NULL;