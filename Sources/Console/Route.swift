/// A request's path as the console's routes: the path's segments, matched whole, never joined
/// into a file name.
enum Route: Equatable {
    case night, jobs, job(String), file(job: String, name: String), page(job: String, number: String), actions, pauses, logout
    case apiNight, apiJobs, apiJob(String), apiAction(job: String, action: String), apiPauses
    case unknown

    init(_ path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        switch parts.count {
        case 1 where parts[0] == "": self = .night
        case 1 where parts[0] == "jobs": self = .jobs
        case 1 where parts[0] == "actions": self = .actions
        case 1 where parts[0] == "pauses": self = .pauses
        case 1 where parts[0] == "logout": self = .logout
        case 2 where parts[0] == "jobs": self = .job(parts[1])
        case 4 where parts[0] == "jobs" && parts[2] == "files": self = .file(job: parts[1], name: parts[3])
        case 4 where parts[0] == "jobs" && parts[2] == "pages": self = .page(job: parts[1], number: parts[3])
        case 2 where parts[0] == "api" && parts[1] == "night": self = .apiNight
        case 2 where parts[0] == "api" && parts[1] == "jobs": self = .apiJobs
        case 2 where parts[0] == "api" && parts[1] == "pauses": self = .apiPauses
        case 3 where parts[0] == "api" && parts[1] == "jobs": self = .apiJob(parts[2])
        case 4 where parts[0] == "api" && parts[1] == "jobs": self = .apiAction(job: parts[2], action: parts[3])
        default: self = .unknown
        }
    }
}
