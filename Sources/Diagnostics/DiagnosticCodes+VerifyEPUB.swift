/// The findings both verifiers raise, and the EPUB verifier's own (its ZIP, container,
/// package, navigation and documents). Any error fails the job with `verification-failed`.
extension DiagnosticCode {
    public static let unreadable = DiagnosticCode("unreadable", .verify, .error, "the file to verify cannot be read")
    public static let unknownFormat = DiagnosticCode("unknown-format", .verify, .error,
                                                     "`folio verify` was given a file that is neither a PDF nor an EPUB, or is empty")
    public static let archivedContent = DiagnosticCode("archived-content", .verify, .error,
                                                       "a sentence of an archived entry appears in the pages, metadata, bookmarks or an EPUB file")
    public static let textMissing = DiagnosticCode("text-missing", .verify, .error,
                                                   "words of an included entry are not in the book, in order (the entry, and the page or EPUB file)")

    public static let zipStructure = DiagnosticCode("zip-structure", .verifyEPUB, .error,
                                                    "the archive is empty, truncated, not a ZIP, or has an unreadable central directory record")
    public static let zipLocalHeader = DiagnosticCode("zip-local-header", .verifyEPUB, .error,
                                                      "an entry's local header is missing or disagrees with the central directory")
    public static let zipNameEscape = DiagnosticCode("zip-name-escape", .verifyEPUB, .error, "an entry's name leaves the archive")
    public static let zipCRC = DiagnosticCode("zip-crc", .verifyEPUB, .error, "an entry's data does not match its recorded CRC")
    public static let zipSize = DiagnosticCode("zip-size", .verifyEPUB, .error, "an entry's data does not match its recorded size")
    public static let zipData = DiagnosticCode("zip-data", .verifyEPUB, .error, "an entry's data cannot be read or inflated")
    public static let mimetypeFirst = DiagnosticCode("mimetype-first", .verifyEPUB, .error,
                                                     "the first entry is not `mimetype`, or its header is not at byte 0")
    public static let mimetypeCompressed = DiagnosticCode("mimetype-compressed", .verifyEPUB, .error, "`mimetype` is compressed; it must be stored")
    public static let mimetypeExtra = DiagnosticCode("mimetype-extra", .verifyEPUB, .error, "`mimetype`'s local header has an extra field")
    public static let mimetypeContent = DiagnosticCode("mimetype-content", .verifyEPUB, .error, "bytes 38–57 are not `application/epub+zip`")
    public static let containerMissing = DiagnosticCode("container-missing", .verifyEPUB, .error, "no `META-INF/container.xml`")
    public static let containerRootfile = DiagnosticCode("container-rootfile", .verifyEPUB, .error, "`container.xml` names no rootfile")
    public static let opfMissing = DiagnosticCode("opf-missing", .verifyEPUB, .error, "the package document `container.xml` points to is not in the archive")
    public static let xmlNotWellFormed = DiagnosticCode("xml-not-well-formed", .verifyEPUB, .error, "the package document or `toc.ncx` is not well-formed XML")
    public static let manifestMissingFile = DiagnosticCode("manifest-missing-file", .verifyEPUB, .error,
                                                           "the manifest names a file that is not in the archive")
    public static let fileNotInManifest = DiagnosticCode("file-not-in-manifest", .verifyEPUB, .error, "a file in the archive is not in the manifest")
    public static let spineIDRef = DiagnosticCode("spine-idref", .verifyEPUB, .error, "the spine refers to an id the manifest does not have")
    public static let xhtmlNotWellFormed = DiagnosticCode("xhtml-not-well-formed", .verifyEPUB, .error, "a content document is not well-formed XHTML")
    public static let navMissingTOC = DiagnosticCode("nav-missing-toc", .verifyEPUB, .error,
                                                     "no navigation document, or none with a `nav` of `epub:type=\"toc\"`")
    public static let brokenLink = DiagnosticCode("broken-link", .verifyEPUB, .error, "a link leads to no file in the book")
    public static let brokenFragment = DiagnosticCode("broken-fragment", .verifyEPUB, .error, "a link's fragment leads to no element with that id")
    public static let ncxPlayOrder = DiagnosticCode("ncx-play-order", .verifyEPUB, .error,
                                                    "`toc.ncx` does not number its points 1, 2, 3… in order, or reaches one file by two numbers")
}

extension DiagnosticCodes {
    static let verify: [DiagnosticCode] = [.unreadable, .unknownFormat, .archivedContent, .textMissing]
    static let verifyEPUB: [DiagnosticCode] = [
        .zipStructure, .zipLocalHeader, .zipNameEscape, .zipCRC, .zipSize, .zipData, .mimetypeFirst, .mimetypeCompressed, .mimetypeExtra,
        .mimetypeContent, .containerMissing, .containerRootfile, .opfMissing, .xmlNotWellFormed, .manifestMissingFile, .fileNotInManifest,
        .spineIDRef, .xhtmlNotWellFormed, .navMissingTOC, .brokenLink, .brokenFragment, .ncxPlayOrder,
    ]
}
