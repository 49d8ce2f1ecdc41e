CREATE TABLE "staff_data_access" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_data_access_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hospital_id" text NOT NULL,
	"staff_id" integer,
	"staff_name" text NOT NULL,
	"staff_title" text NOT NULL,
	"user_id" integer,
	"patient_name" text NOT NULL,
	"action" text NOT NULL,
	"what" text NOT NULL,
	"purpose" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_data_access" ADD CONSTRAINT "staff_data_access_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_data_access" ADD CONSTRAINT "staff_data_access_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_data_access" ADD CONSTRAINT "staff_data_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_data_access_user" ON "staff_data_access" USING btree ("user_id","hospital_id","at");--> statement-breakpoint
CREATE INDEX "staff_data_access_at" ON "staff_data_access" USING btree ("at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION staff_data_access_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF coalesce(current_setting('app.access_log_retention', true), '') = 'on' THEN RETURN OLD; END IF;
    RAISE EXCEPTION 'staff_data_access is append-only: rows are removed by the retention job only';
  END IF;
  -- Only detaching: a deleted account or staff member sets its column to NULL; nothing else may change.
  IF NEW.id = OLD.id AND NEW.hospital_id = OLD.hospital_id AND NEW.staff_name = OLD.staff_name
    AND NEW.staff_title = OLD.staff_title AND NEW.patient_name = OLD.patient_name AND NEW.action = OLD.action
    AND NEW.what = OLD.what AND NEW.purpose = OLD.purpose AND NEW.at = OLD.at
    AND (NEW.user_id IS NOT DISTINCT FROM OLD.user_id OR NEW.user_id IS NULL)
    AND (NEW.staff_id IS NOT DISTINCT FROM OLD.staff_id OR NEW.staff_id IS NULL) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'staff_data_access is append-only: a row cannot be changed';
END $$;--> statement-breakpoint
CREATE TRIGGER staff_data_access_append_only BEFORE UPDATE OR DELETE ON "staff_data_access"
  FOR EACH ROW EXECUTE FUNCTION staff_data_access_append_only();
