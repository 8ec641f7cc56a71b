import Foundation
import FolioCommands

// folio: argv → Jobs; outcomes → exit codes 0 (ok), 1 (a job failed), 2 (bad input or usage).
exit(FolioProgram.run(Array(CommandLine.arguments.dropFirst())))
