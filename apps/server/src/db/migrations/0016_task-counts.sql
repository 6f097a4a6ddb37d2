CREATE TABLE "task_counts" (
	"tenant_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"task_type" varchar(2) NOT NULL,
	"status" varchar(2) NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "task_counts_tenant_id_kind_provider_id_task_type_status_pk" PRIMARY KEY("tenant_id","kind","provider_id","task_type","status")
);
