-- A field's value was JSON written into a text column; it is jsonb now, as a signer's draft is. Every value ever
-- written was JSON.stringify's output, so each casts as it is.
ALTER TABLE "fields" ALTER COLUMN "value" SET DATA TYPE jsonb USING "value"::jsonb;
