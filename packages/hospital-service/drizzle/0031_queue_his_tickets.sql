CREATE TABLE "queue_his_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queue_his_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"queue_id" integer NOT NULL,
	"date" date NOT NULL,
	"sign_id" text NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_his_tickets" ADD CONSTRAINT "queue_his_tickets_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_his_tickets_sign" ON "queue_his_tickets" USING btree ("queue_id","date","sign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_his_tickets_number" ON "queue_his_tickets" USING btree ("queue_id","date","number");