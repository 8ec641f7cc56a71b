import Diagnostics
import Prepress

/// Small helpers for the operator's HTML pages: everything escaped, one document frame.
public enum HTML {
    public static func escape(_ text: String) -> String { XMLEscape.escape(text) }

    /// The document every operator page is, the reports' and the console's: `head` is what the
    /// page links or inlines after its title (the console may not inline, a report must).
    public static func document(title: String, head: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        \(head)
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    /// A report page (a job's, a batch's): a standalone file, its stylesheet inline.
    static func page(title: String, body: String) throws(SharedFileError) -> String {
        document(title: title, head: "<style>\n\(try ReportStylesheet.text())</style>", body: body)
    }
}
