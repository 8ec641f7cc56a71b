/// Where a job keeps its page thumbnails: `thumbnails/page-0001.jpg`, one per interior page.
/// The console serves them by page number; a name never comes from a request.
public enum PageThumbnail {
    public static let folder = "thumbnails"

    public static func name(_ page: Int) -> String {
        let digits = String(page)
        return "page-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".jpg"
    }
}
