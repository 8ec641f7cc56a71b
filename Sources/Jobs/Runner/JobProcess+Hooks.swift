extension JobProcess {
    /// Points where a test build acts on a job's process: the tests' `folio-with-faults`
    /// (Tests/FolioWithFaults) crashes it there, as a fault in a C library, an exhausted memory
    /// or a SIGKILL would. Nothing in the product sets them: each does nothing.
    public struct Hooks: Sendable {
        /// Given the job's id once its memory limit is set, before any work.
        public var beforeWork: @Sendable (_ job: String) -> Void
        /// Given the job's id each time a delivered file is in the ledger.
        public var afterDeliveryRecorded: @Sendable (_ job: String) -> Void

        public init(beforeWork: @escaping @Sendable (_ job: String) -> Void = { _ in },
                    afterDeliveryRecorded: @escaping @Sendable (_ job: String) -> Void = { _ in }) {
            self.beforeWork = beforeWork
            self.afterDeliveryRecorded = afterDeliveryRecorded
        }
    }
}
