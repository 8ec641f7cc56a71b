import FolioCommandLine
import Jobs

/// The whole `folio` program behind its `main.swift`: a library, so that the tests'
/// `folio-with-faults` (Tests/FolioWithFaults) is this very program with hooks in its job
/// processes, and the product holds no fault of its own.
public enum FolioProgram {
    /// `words`: the arguments after the program's name. Returns the exit status: 0 (ok), 1 (a
    /// job failed), 2 (bad input or usage).
    public static func run(_ words: [String], jobHooks: JobProcess.Hooks = JobProcess.Hooks()) -> Int32 {
        MemoryReuse.keepFreedBuffers()
        let status = Command.run(Arguments(words), console: Terminal(), jobHooks: jobHooks)
        PeakMemory.recordIfAsked()
        return status
    }
}
