CREATE TABLE "throttle_counters" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"client" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"resets_at" timestamp with time zone NOT NULL,
	"next_try_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "throttle_counters_scope_subject_client_pk" PRIMARY KEY("scope","subject","client"),
	CONSTRAINT "throttle_counters_scope_ck" CHECK ("throttle_counters"."scope" in ('ip', 'account', 'client', 'phone', 'sms_new_number', 'review', 'admin_token'))
);
--> statement-breakpoint
CREATE TABLE "known_devices" (
	"token_hash" text NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_devices_token_hash_customer_id_pk" PRIMARY KEY("token_hash","customer_id")
);
--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "throttle_counters_resets_idx" ON "throttle_counters" USING btree ("resets_at");--> statement-breakpoint
CREATE INDEX "known_devices_customer_idx" ON "known_devices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "known_devices_seen_idx" ON "known_devices" USING btree ("last_seen_at");
