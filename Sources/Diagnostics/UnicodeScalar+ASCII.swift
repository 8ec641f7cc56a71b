extension Unicode.Scalar {
    /// `a`–`z`, `A`–`Z` or `0`–`9`: what identifiers, file names and XML ids are built from.
    public var isASCIIAlphanumeric: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self)
    }
}
