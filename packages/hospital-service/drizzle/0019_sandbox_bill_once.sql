-- The sandbox's books of a development database may hold a trade number collected several times (the cashier's
-- double collection): the extra rows go before the indexes that keep it from happening again.
DELETE FROM "sandbox_bill" AS "extra" USING "sandbox_bill" AS "first" WHERE "extra"."type" = 'pay' AND "first"."type" = 'pay' AND "extra"."trade_no" = "first"."trade_no" AND "extra"."id" > "first"."id";--> statement-breakpoint
DELETE FROM "sandbox_bill" AS "extra" USING "sandbox_bill" AS "first" WHERE "extra"."type" = 'refund' AND "first"."type" = 'refund' AND "extra"."refund_no" = "first"."refund_no" AND "extra"."id" > "first"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bill_pay" ON "sandbox_bill" USING btree ("trade_no") WHERE "sandbox_bill"."type" = 'pay';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bill_refund" ON "sandbox_bill" USING btree ("refund_no") WHERE "sandbox_bill"."type" = 'refund';
