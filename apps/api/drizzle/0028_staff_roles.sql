ALTER TABLE "staff" DROP CONSTRAINT "staff_role_ck";--> statement-breakpoint
-- Issue 25's roles: the old 'staff' could do all but manage staff, which is now a manager.
UPDATE "staff" SET "role" = 'manager' WHERE "role" = 'staff';--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role_ck" CHECK ("staff"."role" in ('owner', 'manager', 'packer', 'content_editor'));
