CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "hospital_tasks_task_no_trgm_idx" ON "hospital_tasks" USING gin ("task_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hospital_tasks_provider_id_trgm_idx" ON "hospital_tasks" USING gin ("provider_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hospital_tasks_cn_name_trgm_idx" ON "hospital_tasks" USING gin ("provider_cn_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hospital_tasks_en_name_trgm_idx" ON "hospital_tasks" USING gin ("provider_en_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hospital_tasks_tenant_type_status_idx" ON "hospital_tasks" USING btree ("tenant_id","task_type","status");