import Diagnostics
import Document
import Foundation

/// A parsed JSON document that keeps booleans, numbers and null apart, so validation can say
/// exactly which type it found.
public enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// What a message calls this value's type.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Parses `data`; a syntax error becomes an `invalid-json` issue naming the file.
    static func parse(_ data: Data, file: String) throws(InputError) -> JSONValue {
        let data = SurrogateFilter.clean(data)
        do {
            // Syntax first: JSONSerialization says where the text goes wrong.
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw InputError([Diagnostic(code: .invalidJSON, file: file, path: "",
                                         message: "not valid JSON (\((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? error.localizedDescription))")])
        }
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            let detail: String
            if case DecodingError.dataCorrupted(let context) = error {
                detail = (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
            } else {
                detail = "\(error)"
            }
            throw InputError([Diagnostic(code: .invalidJSON, file: file, path: "",
                                         message: "not valid JSON (\(detail))")])
        }
    }

    /// Reads and parses a file; a missing or unreadable file is a `not-found` issue.
    public static func load(_ url: URL, shownAs file: String) throws(InputError) -> JSONValue {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw InputError([Diagnostic(code: .notFound, file: file, path: "",
                                         message: "cannot read the file (\(error.localizedDescription))")])
        }
        return try parse(data, file: file)
    }
}
