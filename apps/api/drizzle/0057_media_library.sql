CREATE TABLE "media_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"file_name" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"content_hash" text NOT NULL,
	"upload_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_uploads_path_unique" UNIQUE("path"),
	CONSTRAINT "media_uploads_content_hash_unique" UNIQUE("content_hash"),
	CONSTRAINT "media_uploads_upload_key_unique" UNIQUE("upload_key")
);
