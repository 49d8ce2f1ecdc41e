-- Several instances on one PostgreSQL: the database itself refuses overbooking, and one schedule per half-day.
ALTER TABLE "sources" ADD COLUMN "claimed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_half_day" UNIQUE NULLS NOT DISTINCT("hospital_id","department_id","doctor_id","date","period");--> statement-breakpoint
-- Holds that have run out stop claiming their place before the places are counted.
UPDATE "appointment_orders" SET "status" = 'EXPIRED' WHERE "status" IN ('LOCKED', 'PENDING_PAYMENT') AND "hold_expires_at" <= now();--> statement-breakpoint
UPDATE "sources" SET "claimed" = c.n FROM (SELECT "source_id", count(*)::int AS n FROM "appointment_orders" WHERE "status" IN ('LOCKED', 'PENDING_PAYMENT', 'BOOKED', 'VISITED') GROUP BY "source_id") AS c WHERE c."source_id" = "sources"."id";--> statement-breakpoint
-- sources.claimed follows every order that starts or stops claiming a place (insert, status change, delete).
CREATE OR REPLACE FUNCTION appointment_orders_claim() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_claim int := 0;
  after_claim int := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN ('LOCKED', 'PENDING_PAYMENT', 'BOOKED', 'VISITED') THEN before_claim := 1; END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('LOCKED', 'PENDING_PAYMENT', 'BOOKED', 'VISITED') THEN after_claim := 1; END IF;
  IF TG_OP = 'UPDATE' AND OLD.source_id <> NEW.source_id THEN
    RAISE EXCEPTION 'an order cannot move to another source';
  END IF;
  IF after_claim <> before_claim THEN
    UPDATE sources SET claimed = claimed + after_claim - before_claim
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.source_id ELSE NEW.source_id END;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER appointment_orders_claim AFTER INSERT OR UPDATE OF status, source_id OR DELETE ON "appointment_orders"
  FOR EACH ROW EXECUTE FUNCTION appointment_orders_claim();--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_capacity" CHECK ("sources"."claimed" >= 0 AND "sources"."reserved" + "sources"."claimed" <= "sources"."capacity");
