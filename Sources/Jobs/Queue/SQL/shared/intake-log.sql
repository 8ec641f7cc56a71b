-- Orders refused at intake, each with its reason and its error file, so that `folio status`,
-- the console, the API and `/metrics` show them (issue 34).
CREATE TABLE rejected_orders (
    file text NOT NULL,
    order_id text,
    reason text NOT NULL,
    error_file text NOT NULL,
    at double precision NOT NULL
);
CREATE INDEX rejected_orders_at ON rejected_orders (at);
