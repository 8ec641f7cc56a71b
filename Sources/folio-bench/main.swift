import FolioCommandLine
import Foundation

// folio-bench: the bench of `make bench`, apart from the product. It measures the `folio` built
// beside it (the same build) and asserts nothing; exit 1 only when a job it ran failed.
let usage = """
    usage: folio-bench [--config PATH] [--product ID] [--threads N] [--no-batch]
             time a half-year's and a year's whole job, the JPEG and text floors, and a batch
             through `folio run` (docs/performance.md)
             --entries N, --photos N   the year's size (the half-year is half); --no-memory-run;
             --keep   leave the bench's files in place
           folio-bench --queue   claims per second of empty jobs, SQLite and PostgreSQL, 1 and 4 processes
           folio-bench --volumes [--product ID]   ten years as a set of volumes, beside one book of the same pages
           folio-bench --photo-formats [--product ID]   a phone photo's cost in HEIC, AVIF, WebP, GIF, TIFF and PNG beside JPEG
    """
let arguments = Arguments(Array(CommandLine.arguments.dropFirst()))
let console = Terminal()
if !arguments.problems.isEmpty {
    arguments.problems.forEach(console.complain)
    exit(2)
}
switch arguments.command {
case "_claim-loop":
    exit(QueueThroughput.loop(arguments.positional.first ?? ""))
case _ where arguments.flags.contains("help"):
    console.say(usage)
    exit(0)
case nil:
    exit(Bench.run(arguments, console: console))
case let word?:
    console.complain("bench takes no file arguments, got \(word)\n\(usage)")
    exit(2)
}
