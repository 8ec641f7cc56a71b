SELECT night, state, COUNT(*) AS count, COALESCE(SUM(pages), 0) AS pages, COALESCE(SUM(warnings), 0) AS warnings,
    MIN(created_at) AS first_queued, MAX(finished_at) AS last_finished
FROM jobs WHERE night >= $1 GROUP BY night, state
