CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_tick" bigint NOT NULL,
	"locked_until" timestamp with time zone,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"succeeded_at" timestamp with time zone,
	"last_error" text
);
