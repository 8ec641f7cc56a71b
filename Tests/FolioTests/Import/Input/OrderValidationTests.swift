import Diagnostics
import Foundation
import FolioTestSupport
import Testing
@testable import Import
@testable import Jobs

@Suite struct OrderValidationTests {
    func issues(_ order: [String: Any]) throws -> [Diagnostic] {
        let data = try JSONSerialization.data(withJSONObject: order)
        do {
            _ = try Order.decode(data, file: "in/order.json")
            return []
        } catch {
            return error.issues
        }
    }

    @Test func aValidOrderDecodes() throws {
        let data = try JSONSerialization.data(withJSONObject: Sample.order(scope: ["year": 2025]))
        let order = try Order.decode(data, file: "order.json")
        #expect(order.id == "ord-1")
        #expect(order.scope == .year(2025))
        #expect(order.language == .english)
        #expect(order.outputs == [.interior])
    }

    @Test func aWrongScopeSaysWhatIsAllowed() throws {
        for scope: Any in [["year": "2025"], ["month": 3], ["all": false], ["year": 2025, "all": true], "2025"] {
            let found = try issues(Sample.order(scope: scope))
            #expect(found.count == 1)
            #expect(found.first?.path == "book.scope")
            #expect(found.first?.description.contains(#"book.scope: expected {"year": N}, {"journal": ID} or {"all": true}"#) == true)
            #expect(found.first?.file == "in/order.json")
        }
    }

    @Test func missingAndUnknownKeysAreNamed() throws {
        var order = Sample.order()
        order.removeValue(forKey: "product")
        order["url"] = "https://evil.example/upload"
        let found = try issues(order)
        #expect(found.contains { $0.code == "missing-key" && $0.path == "product" })
        #expect(found.contains { $0.code == "unknown-key" && $0.path == "url" })
    }

    @Test func everyProblemIsReportedNotOnlyTheFirst() throws {
        var order = Sample.order(language: "en_US", outputs: ["interior", "poster"])
        order["format"] = "folio-order/2"
        order["id"] = "../etc"
        let found = try issues(order)
        let paths = Set(found.map(\.path))
        #expect(paths.isSuperset(of: ["format", "id", "book.language", "outputs[1]"]))
        #expect(found.first { $0.path == "book.language" }?.message
                == #"expected a BCP 47 language tag of a language CLDR describes (en, de-CH, pt-BR, zh-Hant, ja), got "en_US""#)
    }

    @Test func coverPresetsAreChecked() throws {
        var order = Sample.order()
        order["book"] = ["title": "T", "author": "A", "language": "ru", "scope": ["all": true],
                         "cover": ["preset": "neon"]]
        let found = try issues(order)
        #expect(found.first?.path == "book.cover.preset")
        #expect(found.first?.message.contains("sunset, dawn, night, forest, sea, paper, photo") == true)
        order["book"] = ["title": "T", "author": "A", "language": "ru", "scope": ["all": true], "cover": ["preset": "photo"]]
        #expect(try issues(order).contains { $0.path == "book.cover.photo" && $0.code == "missing-key" })
    }

    @Test func brokenJSONNamesTheFile() throws {
        #expect(throws: InputError.self) { try Order.decode(Data("{\"id\": ".utf8), file: "bad.json") }
        do {
            _ = try Order.decode(Data("{\"id\": ".utf8), file: "bad.json")
        } catch {
            #expect(error.issues.first?.code == "invalid-json")
            #expect(error.description.hasPrefix("bad.json: not valid JSON"))
        }
    }

    @Test func typesAreNamedInMessages() throws {
        var order = Sample.order()
        order["outputs"] = "interior"
        let found = try issues(order)
        #expect(found.first?.description == "in/order.json: outputs: expected an array, got a string")
    }
}
