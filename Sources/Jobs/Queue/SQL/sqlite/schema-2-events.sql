CREATE TABLE events (
    job TEXT NOT NULL,
    at REAL NOT NULL,
    event TEXT NOT NULL,
    worker TEXT,
    detail TEXT
);
CREATE INDEX events_job ON events (job);
