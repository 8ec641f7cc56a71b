-- Reports, previews and batch reports, so every host (and the console) sees them.
CREATE TABLE job_files (
    job TEXT NOT NULL,
    name TEXT NOT NULL,
    data BLOB NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (job, name)
);
CREATE TABLE batch_reports (
    name TEXT PRIMARY KEY,
    summary BLOB NOT NULL,
    html BLOB NOT NULL,
    created_at REAL NOT NULL
);
