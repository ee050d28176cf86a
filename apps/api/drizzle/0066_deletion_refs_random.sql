-- The record of deleted accounts named each one by a hash of the old customer id, which anyone can
-- work back from (ids are sequential). From now on the reference is random; the ones written
-- before become random too. Nothing else depends on them.
UPDATE "account_deletions" SET "customer_ref" = substr(md5(random()::text || clock_timestamp()::text || "id"::text), 1, 16);
