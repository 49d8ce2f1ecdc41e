ALTER TABLE "uploaded_files" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploaded_files_unattached" ON "uploaded_files" USING btree ("uploaded_at") WHERE "uploaded_files"."attached_at" IS NULL;--> statement-breakpoint
-- Uploads before this release: kept (their applications are not known here); only new ones can be abandoned.
UPDATE "uploaded_files" SET "attached_at" = "uploaded_at";
