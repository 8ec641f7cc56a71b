import Diagnostics
import Foundation

/// The stylesheet every report page inlines: `ReportAssets/report.css` of the Jobs target's
/// resources (`/usr/share/folio/ReportAssets` when installed), read once a process.
public enum ReportStylesheet {
    private static let loaded = Result { () throws(SharedFileError) -> String in
        String(decoding: try SharedFiles.contents(of: "report.css", in: "ReportAssets", resources: "Folio_Jobs"), as: UTF8.self)
    }

    /// The stylesheet's text; the commands that write reports ask at start, so that a missing
    /// file stops them before any job rather than after one.
    public static func text() throws(SharedFileError) -> String { try loaded.get() }
}
