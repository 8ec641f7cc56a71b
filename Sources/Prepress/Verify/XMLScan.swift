import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A document read with the XML parser: is it well-formed, and which elements, attributes and
/// text does it hold. Enough for OPF, container.xml, nav and XHTML checks.
final class XMLScan: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
    }

    private(set) var elements: [Element] = []
    private(set) var text = ""
    private(set) var error: String?

    init(_ data: [UInt8]) {
        super.init()
        // FoundationXML traps on an element or attribute name that is not UTF-8, so such a
        // document is refused here, as EPUB 3.3 refuses XML in any other encoding.
        guard String(validating: data, as: UTF8.self) != nil else {
            error = "not UTF-8"
            return
        }
        let parser = XMLParser(data: Data(data))
        parser.delegate = self
        parser.shouldResolveExternalEntities = false
        if !parser.parse() {
            let line = parser.lineNumber, column = parser.columnNumber
            error = "line \(line), column \(column): \(parser.parserError?.localizedDescription ?? "not well-formed")"
        }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append(Element(name: name, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if error == nil { error = parseError.localizedDescription }
    }

    func elements(named name: String) -> [Element] { elements.filter { $0.name == name } }
}
