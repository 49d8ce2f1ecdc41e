-- Every payment records the provider it was started with: sandbox payments started before did not.
UPDATE "payments" SET "provider" = 'sandbox' WHERE "provider" IS NULL AND "channel" = 'SANDBOX';
