CREATE TABLE "staff_known_devices" (
	"token_hash" text NOT NULL,
	"staff_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_known_devices_token_hash_staff_id_pk" PRIMARY KEY("token_hash","staff_id")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "response_cookies" text[];--> statement-breakpoint
ALTER TABLE "staff_known_devices" ADD CONSTRAINT "staff_known_devices_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_known_devices_staff_idx" ON "staff_known_devices" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_known_devices_seen_idx" ON "staff_known_devices" USING btree ("last_seen_at");