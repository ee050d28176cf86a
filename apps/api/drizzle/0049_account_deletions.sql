CREATE TABLE "account_deletions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_ref" text NOT NULL,
	"orders_kept" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_deletions_customer_ref_unique" UNIQUE("customer_ref")
);
--> statement-breakpoint
ALTER TABLE "otp_codes" DROP CONSTRAINT "otp_codes_purpose_ck";--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_purpose_ck" CHECK ("otp_codes"."purpose" in ('login', 'register', 'verify', 'verify_email', 'data_export', 'account_delete'));