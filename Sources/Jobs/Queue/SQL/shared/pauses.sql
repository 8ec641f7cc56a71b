-- Pauses (issue 36): intake, or one destination, paused by an operator with a reason, so
-- every host's runners obey it. A paused destination's queued jobs are not claimed.
CREATE TABLE pauses (
    kind text NOT NULL,
    name text NOT NULL,
    reason text NOT NULL,
    paused_by text NOT NULL,
    at double precision NOT NULL,
    PRIMARY KEY (kind, name)
)
