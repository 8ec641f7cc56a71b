import Foundation
import FolioCommandLine
import Jobs

/// `folio doctor [--config PATH]`: prints what it checked and each problem with its fix;
/// exit 1 on any problem.
enum DoctorCommand {
    static func run(_ arguments: Arguments, console: Terminal) -> Int32 {
        let file = arguments.options["config"].map { URL(fileURLWithPath: $0) } ?? FolioConfig.defaultLocation()
        let (checked, problems) = Doctor(configFile: file).examine()
        for line in checked { console.say("ok      \(line)") }
        for problem in problems { console.say("PROBLEM \(problem)") }
        console.say(problems.isEmpty ? "no problem found" : "\(problems.count) problem\(problems.count == 1 ? "" : "s") found")
        return problems.isEmpty ? 0 : 1
    }
}
