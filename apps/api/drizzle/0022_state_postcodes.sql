ALTER TABLE "countries" ADD COLUMN "postcode_digits" integer;--> statement-breakpoint
ALTER TABLE "states" ADD COLUMN "postcode_prefixes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "countries" SET "postcode_digits" = 6 WHERE "iso2" = 'IN';--> statement-breakpoint
-- Every state and union territory of India and the seven emirates, with the postcodes of each
-- (apps/api/src/db/seed/regions.ts). Upserted by country and code into a shop that has the country:
-- a state it already has keeps its id (its addresses and zones stay on it) and takes the current
-- name and postcodes; a state of the same name stored under another code is left as it is, so no
-- state appears twice.
INSERT INTO "states" ("country_id", "name", "code", "postcode_prefixes")
SELECT c."id", v."name", v."code", v."prefixes"::jsonb
  FROM (VALUES
  ('IN', 'Andhra Pradesh', 'AP', '[{"from":"515","to":"535"}]'),
  ('IN', 'Arunachal Pradesh', 'AR', '[{"from":"790","to":"792"}]'),
  ('IN', 'Assam', 'AS', '[{"from":"781","to":"788"}]'),
  ('IN', 'Bihar', 'BR', '[{"from":"80","to":"85"}]'),
  ('IN', 'Chhattisgarh', 'CG', '[{"from":"490","to":"497"}]'),
  ('IN', 'Goa', 'GA', '[{"from":"403","to":"403"}]'),
  ('IN', 'Gujarat', 'GJ', '[{"from":"360","to":"396"}]'),
  ('IN', 'Haryana', 'HR', '[{"from":"12","to":"13"}]'),
  ('IN', 'Himachal Pradesh', 'HP', '[{"from":"17","to":"17"}]'),
  ('IN', 'Jharkhand', 'JH', '[{"from":"813","to":"816"},{"from":"822","to":"822"},{"from":"825","to":"835"}]'),
  ('IN', 'Karnataka', 'KA', '[{"from":"56","to":"59"}]'),
  ('IN', 'Kerala', 'KL', '[{"from":"67","to":"69"}]'),
  ('IN', 'Madhya Pradesh', 'MP', '[{"from":"45","to":"48"}]'),
  ('IN', 'Maharashtra', 'MH', '[{"from":"40","to":"44"}]'),
  ('IN', 'Manipur', 'MN', '[{"from":"795","to":"795"}]'),
  ('IN', 'Meghalaya', 'ML', '[{"from":"793","to":"794"}]'),
  ('IN', 'Mizoram', 'MZ', '[{"from":"796","to":"796"}]'),
  ('IN', 'Nagaland', 'NL', '[{"from":"797","to":"798"}]'),
  ('IN', 'Odisha', 'OD', '[{"from":"751","to":"770"}]'),
  ('IN', 'Punjab', 'PB', '[{"from":"14","to":"16"}]'),
  ('IN', 'Rajasthan', 'RJ', '[{"from":"30","to":"34"}]'),
  ('IN', 'Sikkim', 'SK', '[{"from":"737","to":"737"}]'),
  ('IN', 'Tamil Nadu', 'TN', '[{"from":"60","to":"64"}]'),
  ('IN', 'Telangana', 'TG', '[{"from":"500","to":"509"}]'),
  ('IN', 'Tripura', 'TR', '[{"from":"799","to":"799"}]'),
  ('IN', 'Uttar Pradesh', 'UP', '[{"from":"20","to":"28"}]'),
  ('IN', 'Uttarakhand', 'UK', '[{"from":"244","to":"244"},{"from":"246","to":"249"},{"from":"262","to":"263"}]'),
  ('IN', 'West Bengal', 'WB', '[{"from":"700","to":"736"},{"from":"738","to":"743"}]'),
  ('IN', 'Andaman and Nicobar Islands', 'AN', '[{"from":"744","to":"744"}]'),
  ('IN', 'Chandigarh', 'CH', '[{"from":"160","to":"160"}]'),
  ('IN', 'Dadra and Nagar Haveli and Daman and Diu', 'DH', '[{"from":"362","to":"362"},{"from":"396","to":"396"}]'),
  ('IN', 'Delhi', 'DL', '[{"from":"110","to":"110"}]'),
  ('IN', 'Jammu and Kashmir', 'JK', '[{"from":"180","to":"193"}]'),
  ('IN', 'Ladakh', 'LA', '[{"from":"194","to":"194"}]'),
  ('IN', 'Lakshadweep', 'LD', '[{"from":"682","to":"682"}]'),
  ('IN', 'Puducherry', 'PY', '[{"from":"533","to":"533"},{"from":"605","to":"605"},{"from":"609","to":"609"},{"from":"673","to":"673"}]'),
  ('AE', 'Abu Dhabi', 'AZ', '[]'),
  ('AE', 'Ajman', 'AJ', '[]'),
  ('AE', 'Dubai', 'DU', '[]'),
  ('AE', 'Fujairah', 'FU', '[]'),
  ('AE', 'Ras Al Khaimah', 'RK', '[]'),
  ('AE', 'Sharjah', 'SH', '[]'),
  ('AE', 'Umm Al Quwain', 'UQ', '[]')
  ) AS v("iso2", "name", "code", "prefixes")
  JOIN "countries" c ON c."iso2" = v."iso2"
 WHERE NOT EXISTS (
   SELECT 1 FROM "states" s
    WHERE s."country_id" = c."id" AND lower(s."name") = lower(v."name") AND s."code" <> v."code")
ON CONFLICT ("country_id", "code") DO UPDATE
  SET "name" = excluded."name", "postcode_prefixes" = excluded."postcode_prefixes";
