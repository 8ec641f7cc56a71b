import Prepress

/// Small helpers for the operator's HTML pages: everything escaped, one stylesheet inline.
public enum HTML {
    public static func escape(_ text: String) -> String { XMLEscape.escape(text) }

    static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Inter, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1b1b1b; }
        h1 { font-size: 1.4rem; margin: 0.5rem 0; } h2 { font-size: 1.1rem; margin-top: 1.5rem; border-bottom: 1px solid #ddd; }
        table { border-collapse: collapse; width: 100%; font-size: 0.9rem; display: block; overflow-x: auto; }
        th, td { text-align: left; padding: 0.3rem 0.6rem; border-bottom: 1px solid #eee; vertical-align: top; }
        .status { display: inline-block; padding: 0.1rem 0.6rem; border-radius: 1rem; font-weight: 600; }
        .done { background: #dff3e3; color: #145a26; } .failed, .error { background: #fbe0e0; color: #8a1c1c; }
        .rejected, .warning { background: #fff1d6; color: #7a4b00; } .info { background: #e6eefb; color: #1f3f7a; }
        .muted { color: #666; } code { font-size: 0.85rem; word-break: break-all; }
        img.preview { max-width: 100%; width: 16rem; box-shadow: 0 2px 8px rgba(0,0,0,.25); }
        img.spread { max-width: 100%; display: block; margin: 0.5rem 0; box-shadow: 0 2px 8px rgba(0,0,0,.2); }
        .counts span { margin-right: 1rem; }
        </style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }
}
