-- Retention (issue 36): what the printer received outlives the job pruned from the queue, so a
-- delivery can still be proved, and the same order dropped again is not printed twice.
-- Pauses of intake and of destinations are kept here so every host obeys them.
CREATE TABLE delivery_proofs (
    job text NOT NULL,
    order_sha256 text NOT NULL,
    kind text NOT NULL,
    file text NOT NULL,
    sha256 text NOT NULL,
    bytes bigint NOT NULL,
    destination text NOT NULL,
    url text NOT NULL,
    http_status integer,
    response_id text,
    delivered_at double precision NOT NULL,
    pruned_at double precision NOT NULL
);
CREATE INDEX delivery_proofs_job ON delivery_proofs (job, order_sha256);
CREATE INDEX events_at ON events (at);
CREATE INDEX batch_reports_created ON batch_reports (created_at)
