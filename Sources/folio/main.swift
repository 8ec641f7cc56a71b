import Foundation
import FolioCommandLine
import Jobs

// folio: argv → Jobs; outcomes → exit codes 0 (ok), 1 (a job failed), 2 (bad input or usage).
MemoryReuse.keepFreedBuffers()
let arguments = Arguments(Array(CommandLine.arguments.dropFirst()))
let console = Terminal()
let status = Command.run(arguments, console: console)
PeakMemory.recordIfAsked()
exit(status)
