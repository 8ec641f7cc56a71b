/// Reads the fields of one JSON object, recording an issue for each missing, mistyped or
/// unknown key instead of stopping at the first.
public struct ObjectReader {
    let fields: [String: JSONValue]
    let path: String
    let issues: IssueList
    let entry: String?
    private var known: Set<String> = []

    /// Reads `value` as an object; records `wrong-type` and returns nil when it is not one.
    public init?(_ value: JSONValue, path: String, issues: IssueList, entry: String? = nil) {
        guard case .object(let fields) = value else {
            issues.add(.wrongType, path.isEmpty ? "(root)" : path,
                       "expected an object, got \(value.typeName)", entry: entry)
            return nil
        }
        self.fields = fields
        self.path = path
        self.issues = issues
        self.entry = entry
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The raw value of a key; records `missing-key` when required and absent (null counts
    /// as absent for optional keys only).
    mutating func value(_ key: String, required: Bool = true) -> JSONValue? {
        known.insert(key)
        guard let value = fields[key] else {
            if required { issues.add(.missingKey, keyPath(key), "required key is missing", entry: entry) }
            return nil
        }
        if case .null = value, !required { return nil }
        return value
    }

    public mutating func string(_ key: String, required: Bool = true, nonEmpty: Bool = true) -> String? {
        guard let value = value(key, required: required) else { return nil }
        guard case .string(let text) = value else {
            issues.add(.wrongType, keyPath(key), "expected a string, got \(value.typeName)", entry: entry)
            return nil
        }
        if nonEmpty && text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            issues.add(.invalidValue, keyPath(key), "must not be empty", entry: entry)
            return nil
        }
        return text
    }

    public mutating func bool(_ key: String, required: Bool = true) -> Bool? {
        guard let value = value(key, required: required) else { return nil }
        guard case .bool(let flag) = value else {
            issues.add(.wrongType, keyPath(key), "expected true or false, got \(value.typeName)", entry: entry)
            return nil
        }
        return flag
    }

    /// A whole number within `range`.
    public mutating func integer(_ key: String, required: Bool = true, in range: ClosedRange<Int>) -> Int? {
        guard let value = value(key, required: required) else { return nil }
        guard case .number(let number) = value, number.rounded() == number,
              abs(number) < 1e15 else {
            issues.add(.wrongType, keyPath(key), "expected a whole number, got \(value.typeName)", entry: entry)
            return nil
        }
        let whole = Int(number)
        guard range.contains(whole) else {
            issues.add(.invalidValue, keyPath(key),
                       "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(whole)",
                       entry: entry)
            return nil
        }
        return whole
    }

    /// A number within `range`.
    public mutating func number(_ key: String, required: Bool = true, in range: ClosedRange<Double>) -> Double? {
        guard let value = value(key, required: required) else { return nil }
        guard case .number(let number) = value else {
            issues.add(.wrongType, keyPath(key), "expected a number, got \(value.typeName)", entry: entry)
            return nil
        }
        guard range.contains(number) else {
            issues.add(.invalidValue, keyPath(key),
                       "expected a number from \(range.lowerBound) to \(range.upperBound), got \(number)",
                       entry: entry)
            return nil
        }
        return number
    }

    public mutating func object(_ key: String, required: Bool = true) -> ObjectReader? {
        guard let value = value(key, required: required) else { return nil }
        return ObjectReader(value, path: keyPath(key), issues: issues, entry: entry)
    }

    public mutating func array(_ key: String, required: Bool = true) -> [JSONValue]? {
        guard let value = value(key, required: required) else { return nil }
        guard case .array(let items) = value else {
            issues.add(.wrongType, keyPath(key), "expected an array, got \(value.typeName)", entry: entry)
            return nil
        }
        return items
    }

    /// An object whose values are all strings (HTTP headers and the like).
    public mutating func stringMap(_ key: String, required: Bool = true) -> [String: String]? {
        guard let reader = object(key, required: required) else { return nil }
        var result: [String: String] = [:]
        for (name, value) in reader.fields.sorted(by: { $0.key < $1.key }) {
            guard case .string(let text) = value else {
                issues.add(.wrongType, reader.keyPath(name), "expected a string, got \(value.typeName)", entry: entry)
                continue
            }
            result[name] = text
        }
        return result
    }

    /// A string that must be one of `allowed`.
    public mutating func choice(_ key: String, required: Bool = true, from allowed: [String]) -> String? {
        guard let text = string(key, required: required) else { return nil }
        guard allowed.contains(text) else {
            issues.add(.invalidValue, keyPath(key),
                       "expected one of \(allowed.joined(separator: ", ")), got \"\(text)\"", entry: entry)
            return nil
        }
        return text
    }

    /// Records an `unknown-key` issue for every key that was never asked for.
    public func rejectUnknownKeys() {
        for key in fields.keys.sorted() where !known.contains(key) {
            issues.add(.unknownKey, keyPath(key), "unknown key (allowed: \(known.sorted().joined(separator: ", ")))",
                       entry: entry)
        }
    }
}
