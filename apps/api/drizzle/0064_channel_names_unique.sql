-- Two channels may not share a name whatever its case (the panel's check alone let two saves at
-- the same moment through). A shop whose channels already clash gets the later one's id appended
-- to its name first, so the index can be made and nothing is lost.
UPDATE "channels" c SET "name" = c."name" || ' (' || c."id" || ')'
 WHERE EXISTS (SELECT 1 FROM "channels" o WHERE lower(o."name") = lower(c."name") AND o."id" < c."id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_name_lower_uq" ON "channels" USING btree (lower("name"));
