CREATE SEQUENCE "public"."application_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "application_document_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"what" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"staff_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "application_document_requests_status_ck" CHECK ("application_document_requests"."status" in ('open', 'answered'))
);
--> statement-breakpoint
CREATE TABLE "application_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"field_key" text,
	"request_id" integer,
	"path" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_documents_path_unique" UNIQUE("path"),
	CONSTRAINT "application_documents_by_ck" CHECK ("application_documents"."uploaded_by" in ('applicant', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "application_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"note" text,
	"actor" text NOT NULL,
	"staff_id" text,
	"next_due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"author" text NOT NULL,
	"staff_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_messages_author_ck" CHECK ("application_messages"."author" in ('applicant', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" text PRIMARY KEY NOT NULL,
	"application_no" text NOT NULL,
	"product_id" text,
	"service_name" text NOT NULL,
	"service_slug" text NOT NULL,
	"stages" jsonb NOT NULL,
	"order_id" text,
	"customer_id" integer,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"stage" text NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_due_at" timestamp with time zone,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text NOT NULL,
	"fee_minor" integer,
	"quote_note" text,
	"quoted_at" timestamp with time zone,
	"rejection_reason" text,
	"tracking_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_application_no_unique" UNIQUE("application_no"),
	CONSTRAINT "applications_tracking_token_hash_unique" UNIQUE("tracking_token_hash"),
	CONSTRAINT "applications_fee_ck" CHECK ("applications"."fee_minor" is null or "applications"."fee_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "application_document_requests" ADD CONSTRAINT "application_document_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_request_id_application_document_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."application_document_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_messages" ADD CONSTRAINT "application_messages_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_document_requests_application_idx" ON "application_document_requests" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "application_documents_application_idx" ON "application_documents" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "application_events_application_idx" ON "application_events" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "application_messages_application_idx" ON "application_messages" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "applications_customer_idx" ON "applications" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "applications_stage_created_idx" ON "applications" USING btree ("stage","created_at","id");--> statement-breakpoint
CREATE INDEX "applications_product_created_idx" ON "applications" USING btree ("product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "applications_due_idx" ON "applications" USING btree ("next_due_at") WHERE "applications"."next_due_at" is not null;--> statement-breakpoint
CREATE INDEX "applications_order_idx" ON "applications" USING btree ("order_id");