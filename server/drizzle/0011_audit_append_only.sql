-- The audit log is append-only (issue 8): no code path of the product changes or deletes a row, and
-- the database refuses it too, so a bug or a stray statement cannot rewrite who did what. A
-- deliberate maintenance job (retention, a court order) sets `erd.audit_maintenance` to 'on' for its
-- own transaction (`SET LOCAL`), and that is visible in the code that does it.
CREATE FUNCTION "moderation_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('erd.audit_maintenance', true), '') = 'on' THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'moderation_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "moderation_log_append_only" BEFORE UPDATE OR DELETE ON "moderation_log" FOR EACH ROW EXECUTE FUNCTION "moderation_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "moderation_log_no_truncate" BEFORE TRUNCATE ON "moderation_log" FOR EACH STATEMENT EXECUTE FUNCTION "moderation_log_append_only"();
