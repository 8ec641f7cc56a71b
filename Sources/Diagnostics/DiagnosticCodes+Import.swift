/// A diary app's export read into entries: what was read, what could not be and is not
/// printed (the accounting's omissions), and the one refusal, `unsafe-archive`.
extension DiagnosticCode {
    public static let unsafeArchive = DiagnosticCode("unsafe-archive", .import, .error,
                                                     "a zipped export holds an absolute or climbing name, a link or a device, or unpacks past the import limits")
    public static let exportFormat = DiagnosticCode("export-format", .import, .info,
                                                    "the format the export was read as, whether it was detected, and the time zone assumed for local times")
    public static let importPhotoMissing = DiagnosticCode("import-photo-missing", .import, .warning,
                                                          "an entry's photo is not in the export (or a Day One moment names none): a placeholder stands in its place")
    public static let importAttachmentNotPrinted = DiagnosticCode("import-attachment-not-printed", .import, .warning,
                                                                  "videos, audio, PDFs and the like cannot be printed; counted in `accounting.attachments`")
    public static let importUnknownTimeZone = DiagnosticCode("import-unknown-time-zone", .import, .warning,
                                                             "the entry's time zone is unknown: its day is taken in UTC")
    public static let importNoTimeZone = DiagnosticCode("import-no-time-zone", .import, .warning,
                                                        "a Day One Classic entry names no time zone: its day is taken in UTC")
    public static let importDuplicateID = DiagnosticCode("import-duplicate-id", .import, .warning,
                                                         "a second entry with an id already taken is renamed `ID-2`")
    public static let importHeadingUnread = DiagnosticCode("import-heading-unread", .import, .warning,
                                                           "a jrnl line looks like a heading but its date cannot be read: it is text of the entry before it")
    public static let importFileUnreadable = DiagnosticCode("import-file-unreadable", .import, .warning,
                                                            "a note cannot be read, or is not UTF-8: not printed, or printed with U+FFFD where its bytes were")
    public static let importDateUnreadable = DiagnosticCode("import-date-unreadable", .import, .warning,
                                                            "a note's front-matter date is not a date; the file name's date is used if it has one")
    public static let importEmbedNotPrinted = DiagnosticCode("import-embed-not-printed", .import, .warning,
                                                             "`![[Note]]` embeds a note or a file that is not a picture: not printed")
    public static let importLogseqNotPrinted = DiagnosticCode("import-logseq-not-printed", .import, .warning,
                                                              "Logseq's properties, drawers, schedules, block references, queries and embeds are not printed")
    public static let importQueryNotRun = DiagnosticCode("import-query-not-run", .import, .warning,
                                                         "a Dataview or Tasks query is printed as its code: a book cannot run it")
    public static let importPeriodicNotesSkipped = DiagnosticCode("import-periodic-notes-skipped", .import, .warning,
                                                                  "weekly, monthly, quarterly and yearly notes are not days: not printed, listed in one finding")
    public static let importNotesSkipped = DiagnosticCode("import-notes-skipped", .import, .warning,
                                                          "notes without a date are not diary entries: not printed, listed in one finding")
    public static let importTooManyFiles = DiagnosticCode("import-too-many-files", .import, .warning,
                                                          "the folder holds more notes than are read; only the first are")
    public static let entryEmpty = DiagnosticCode("entry-empty", .import, .info, "the entry has no title, no text and no photo: not printed")
}

extension DiagnosticCodes {
    static let imports: [DiagnosticCode] = [
        .unsafeArchive, .exportFormat, .importPhotoMissing, .importAttachmentNotPrinted, .importUnknownTimeZone, .importNoTimeZone,
        .importDuplicateID, .importHeadingUnread, .importFileUnreadable, .importDateUnreadable, .importEmbedNotPrinted, .importLogseqNotPrinted,
        .importQueryNotRun, .importPeriodicNotesSkipped, .importNotesSkipped, .importTooManyFiles, .entryEmpty,
    ]
}
