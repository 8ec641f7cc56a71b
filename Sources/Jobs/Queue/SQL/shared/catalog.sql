-- Review and the console's catalog (issue 16): who approved a held job, what the lists filter
-- by (from the order when queued, from the report when published), the indexes the lists are
-- read in (on the very expression of CatalogSQL.rank). No semicolon in a comment: the file is
-- split at each one.
ALTER TABLE jobs ADD COLUMN approved_by text;
ALTER TABLE jobs ADD COLUMN product text;
ALTER TABLE jobs ADD COLUMN destination text;
ALTER TABLE jobs ADD COLUMN title text;
ALTER TABLE jobs ADD COLUMN author text;
ALTER TABLE jobs ADD COLUMN search text NOT NULL DEFAULT '';
ALTER TABLE jobs ADD COLUMN night text NOT NULL DEFAULT '';
ALTER TABLE jobs ADD COLUMN pages integer;
ALTER TABLE jobs ADD COLUMN warnings integer;
CREATE INDEX jobs_listing ON jobs ((CASE state WHEN 'held' THEN 0 WHEN 'failed' THEN 1 WHEN 'running' THEN 2 WHEN 'queued' THEN 3 WHEN 'cancelled' THEN 4 ELSE 5 END), updated_at DESC, id);
CREATE INDEX jobs_state_listing ON jobs (state, updated_at DESC, id);
CREATE INDEX jobs_night ON jobs (night, state);
