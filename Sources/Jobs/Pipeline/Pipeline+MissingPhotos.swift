import Diagnostics
import Render

extension Pipeline {
    /// A photo missing from the export is found up to three times: by its importer, which knows
    /// why, by the interior, which drew its placeholder and knows on which page, and by the
    /// EPUB. The operator gets one finding with both: the importer's is given the page (in a set,
    /// and the volume's file), and the
    /// drawn notices of the same photo of the same entry are dropped. Returns the notices left.
    static func placeMissingPhotos(_ findings: inout [Diagnostic], drawn: [Diagnostic]) -> [Diagnostic] {
        drawn.filter { notice in
            guard notice.carries(.photoMissing), let index = findings.firstIndex(where: {
                $0.carries(.importPhotoMissing) && $0.entry == notice.entry && sameName(placeholder: notice.message, imported: $0.message)
            }) else { return true }
            if findings[index].page == nil {
                findings[index].page = notice.page
                findings[index].file = notice.file
            }
            return false
        }
    }

    /// The interior says "NAME: why", the importer "NAME is …" (a name may hold ": " itself).
    private static func sameName(placeholder: String, imported: String) -> Bool {
        var searchFrom = placeholder.startIndex
        while let separator = placeholder.range(of: ": ", range: searchFrom..<placeholder.endIndex) {
            if imported.hasPrefix(placeholder[..<separator.lowerBound] + " ") { return true }
            searchFrom = separator.upperBound
        }
        return false
    }
}
