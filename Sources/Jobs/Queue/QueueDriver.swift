/// A whole queue, as a driver (`SQLiteQueue`, `PostgresQueue`) implements it: every entity.
/// Callers that need one entity take its protocol; those that need all (the runner, the
/// console's app) take this.
public typealias QueueDriver = JobStore & DeliveryLedger & ReportArchive & ConsoleCatalog & TelemetryStore & IntakeLog & RetentionStore & PauseStore
