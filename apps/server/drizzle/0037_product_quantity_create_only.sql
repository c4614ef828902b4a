-- Issue 30: a subscription's quantity is set by its order and changed only by ChangeSubscriptionQuantity
-- (credit check, proration, the vendor). The Product view's Quantity becomes create-only, so the account
-- page shows it read-only; new databases get it from the seed (viewSeed.ts).
UPDATE "view_definitions" SET "fields" = (
  SELECT jsonb_agg(CASE WHEN f->>'Name' = 'Quantity' THEN f || '{"CreateOnly": true}'::jsonb ELSE f END ORDER BY ord)
  FROM jsonb_array_elements("fields") WITH ORDINALITY AS e(f, ord)
), "updated_at" = now()
WHERE "name" = 'Product' AND jsonb_typeof("fields") = 'array' AND jsonb_array_length("fields") > 0;
