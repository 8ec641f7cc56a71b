import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The simple properties of an XMP packet, each by its namespace URI and local name, whatever
/// prefix the writer chose and whether it wrote the property as an element or as an attribute
/// of `rdf:Description` (RDF/XML allows both). A language alternative (`dc:title`) reads as its
/// first `rdf:li`. Enough to read identification keys the way a preflight does.
final class XMPProperties: NSObject, XMLParserDelegate {
    struct Name: Hashable, CustomStringConvertible {
        var namespace: String
        var local: String
        var description: String { "{\(namespace)}\(local)" }
    }

    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

    private(set) var values: [Name: String] = [:]
    /// Why the packet is not well-formed XML, if it is not.
    private(set) var error: String?

    /// Namespace declarations in scope, innermost last: an attribute's prefix is resolved here.
    private var scopes: [[String: String]] = []
    private var pending: [String: String] = [:]
    /// The open elements, by namespace and local name.
    private var open: [Name] = []
    /// The property being read (a child of rdf:Description), its text and its first li's text.
    private var property: (name: Name, depth: Int, text: String, item: String?, inItem: Bool)?

    init(_ bytes: [UInt8]) {
        super.init()
        // FoundationXML traps on names that are not UTF-8 (swift-corelibs-foundation builds a
        // String from libxml2's bytes with a force unwrap), so the packet is decoded first: UTF-8,
        // or UTF-16 with its byte order mark, as XMP allows.
        guard let text = Self.decode(bytes) else {
            error = "the packet is neither UTF-8 nor UTF-16 with a byte order mark"
            return
        }
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        parser.shouldResolveExternalEntities = false
        if !parser.parse() {
            error = "line \(parser.lineNumber): \(parser.parserError?.localizedDescription ?? "not well-formed")"
        }
    }

    subscript(namespace: String, local: String) -> String? { values[Name(namespace: namespace, local: local)] }

    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        pending[prefix] = namespaceURI
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        scopes.append(pending)
        pending = [:]
        let element = Name(namespace: namespaceURI ?? "", local: name)
        let parent = open.last
        open.append(element)
        if element == Name(namespace: Self.rdf, local: "Description") {
            for (qualified, value) in attributes {
                guard let attribute = resolve(qualified), attribute.namespace != Self.rdf else { continue }
                record(attribute, value)
            }
        } else if property == nil, parent == Name(namespace: Self.rdf, local: "Description") {
            property = (element, open.count, "", nil, false)
        } else if property != nil, element == Name(namespace: Self.rdf, local: "li"), property?.item == nil {
            property?.inItem = true
            property?.item = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard property != nil else { return }
        property?.text += string
        if property?.inItem == true { property?.item? += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if let current = property {
            if current.depth == open.count {
                record(current.name, current.item ?? current.text)
                property = nil
            } else if open.last == Name(namespace: Self.rdf, local: "li") {
                property?.inItem = false
            }
        }
        open.removeLast()
        scopes.removeLast()
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if error == nil { error = parseError.localizedDescription }
    }

    private static func decode(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return String(data: Data(bytes), encoding: .utf16)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The first value written for a property is the one read, as a preflight reads it.
    private func record(_ name: Name, _ value: String) {
        if values[name] == nil { values[name] = value.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    private func resolve(_ qualified: String) -> Name? {
        let parts = qualified.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0] != "xmlns" else { return nil }
        guard let namespace = scopes.reversed().lazy.compactMap({ $0[parts[0]] }).first else { return nil }
        return Name(namespace: namespace, local: parts[1])
    }
}
