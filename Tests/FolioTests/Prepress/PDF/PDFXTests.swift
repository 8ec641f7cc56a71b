import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Prepress

/// PDF/X output: a product that declares a standard gets files that claim it and keep every
/// rule of it, read back independently (pdfinfo, pikepdf); and the verifier catches each broken
/// rule with its own code.
@Suite(.serialized) struct PDFXTests {
    /// A workspace with a product per standard: the FOGRA39 softcover, claiming `standard`.
    func workspace(_ standards: [PDFXStandard]) throws -> Workspace {
        let workspace = try Workspace()
        let products = workspace.root.appendingPathComponent("config/products")
        var product = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: products.appendingPathComponent("a5-softcover-fogra39.json"))) as? [String: Any])
        for standard in standards {
            product["pdfx"] = standard.rawValue
            try JSONSerialization.data(withJSONObject: product).write(to: products.appendingPathComponent("pdfx-\(Self.slug(standard)).json"))
        }
        return workspace
    }

    static func slug(_ standard: PDFXStandard) -> String { standard.rawValue.lowercased().filter { $0.isLetter || $0.isNumber } }

    /// The English and the Russian corpus diaries, rendered (interior and cover) for the product.
    func render(_ standard: PDFXStandard, in workspace: Workspace) throws -> [URL] {
        var folders: [URL] = []
        // Night's stars and sunset's sun are translucent: without transparency they are drawn blended.
        for (text, name, preset) in [(CorpusExport.Text.pepys, "pepys", "night"), (.dostoevsky, "dostoevsky", "sunset")] {
            try CorpusExport.write(text, into: workspace, name: name, limit: 40)
            var order = Sample.order(id: "\(name)-\(Self.slug(standard))", export: name, language: text.language,
                                     outputs: ["interior", "cover"], extra: ["product": "pdfx-\(Self.slug(standard))"])
            order["book"] = Self.book(language: text.language, preset: preset)
            let (report, folder) = try workspace.render(order, name: "\(name)-\(Self.slug(standard))")
            #expect(report.status == .done, "\(name) \(standard.rawValue): \(String(describing: report.error))")
            #expect(!report.preflight.contains { $0.code.hasPrefix("pdfx-") }, "\(report.preflight)")
            folders.append(folder)
        }
        return folders
    }

    /// The order's book with a cover preset.
    static func book(language: String, preset: String) -> [String: Any] {
        ["title": "Anna's Year", "subtitle": NSNull(), "author": "Anna K.", "language": language, "scope": ["all": true],
         "cover": ["preset": preset]]
    }

    /// pikepdf's own reading of what PDF/X asks; prints one JSON object of what it found.
    static let independentReading = """
        import html, json, sys, pikepdf
        pdf = pikepdf.open(sys.argv[1])
        info = pdf.docinfo
        xmp = html.unescape(bytes(pdf.Root.Metadata.read_bytes()).decode()) if '/Metadata' in pdf.Root else ''
        intents = [i for i in pdf.Root.get('/OutputIntents', []) if i.get('/S') == '/GTS_PDFX']
        boxes_ok = True
        for page in pdf.pages:
            m, b, t = [[float(x) for x in page.obj.get(k, page.mediabox)] for k in ('/MediaBox', '/BleedBox', '/TrimBox')]
            inside = lambda o, i: o[0] <= i[0] + 0.01 and o[1] <= i[1] + 0.01 and o[2] >= i[2] - 0.01 and o[3] >= i[3] - 0.01
            boxes_ok &= '/TrimBox' in page.obj and '/ArtBox' not in page.obj and inside(m, b) and inside(b, t)
        transparency, icc = [], 0
        def dictionaries(value, depth=0):
            # Every dictionary, direct ones inside others included (a page's ExtGState entries).
            if depth > 12: return
            d = value.stream_dict if isinstance(value, pikepdf.Stream) else value if isinstance(value, pikepdf.Dictionary) else None
            if d is not None:
                yield d
                children = [d.get(k) for k in d.keys()]
            elif isinstance(value, pikepdf.Array):
                children = list(value)
            else:
                return
            for child in children:
                if isinstance(child, (pikepdf.Dictionary, pikepdf.Array)) and not child.is_indirect:
                    yield from dictionaries(child, depth + 1)
        for top in pdf.objects:
          for d in dictionaries(top):
            if '/SMask' in d and d.SMask != pikepdf.Name.None_: transparency.append('smask')
            for key in ('/ca', '/CA'):
                if key in d and float(d[key]) < 1: transparency.append('alpha')
            if '/BM' in d and d.BM not in (pikepdf.Name.Normal, pikepdf.Name.Compatible): transparency.append('blend')
            if '/Group' in d and d.Group.get('/S') == '/Transparency': transparency.append('group')
            if '/ColorSpace' in d and 'ICCBased' in str(d.ColorSpace): icc += 1
        # The identification keys, Info's and the XMP's by namespace (pikepdf's RDF reader).
        meta = pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False)
        xmp_keys = {}
        for ns in ('http://ns.adobe.com/pdfx/1.3/', 'http://www.npes.org/pdfx/ns/id/'):
            for name in ('GTS_PDFXVersion', 'GTS_PDFXConformance'):
                value = meta.get('{%s}%s' % (ns, name))
                if value is not None: xmp_keys['{%s}%s' % (ns, name)] = str(value)
        ids = {name: str(meta.get('{http://ns.adobe.com/xap/1.0/mm/}' + name, '')) for name in ('DocumentID', 'VersionID', 'RenditionClass')}
        date = str(info.get('/CreationDate', ''))[2:16]
        iso = f'{date[0:4]}-{date[4:6]}-{date[6:8]}T{date[8:10]}:{date[10:12]}:{date[12:14]}Z'
        print(json.dumps({
            'version': pdf.pdf_version, 'gts': str(info.get('/GTS_PDFXVersion', '')), 'conformance': str(info.get('/GTS_PDFXConformance', '')),
            'xmp_keys': xmp_keys, 'xmp_ids': ids, 'xmp_trapped': str(meta.get('{http://ns.adobe.com/pdf/1.3/}Trapped', '')),
            'trapped': str(info.get('/Trapped', '')), 'title': str(info.get('/Title', '')), 'moddate_same': info.get('/ModDate') == info.get('/CreationDate'),
            'xmp_date': ('<xmp:CreateDate>' + iso) in xmp,
            'xmp_title': str(info.get('/Title', '')) in xmp, 'intents': len(intents),
            'intent_n': int(intents[0].DestOutputProfile.N) if intents else 0,
            'condition': str(intents[0].get('/OutputConditionIdentifier', '')) if intents else '',
            'boxes_ok': boxes_ok, 'transparency': sorted(set(transparency)), 'icc': icc, 'encrypted': pdf.is_encrypted}))
        """

    /// Each part's identification as ISO 15930 writes it, spelled out here apart from the
    /// writer's table (`PDFXStandard`) and the verifier's (`PDFXIdentification`): Info's keys,
    /// the XMP's by namespace, and the part poppler names.
    struct Identification {
        var info: [String: String]
        var xmp: [String: String]
        var popplerSubtype: String
        var popplerPart: String
    }

    static let identification: [PDFXStandard: Identification] = [
        .x1a2001: Identification(info: ["gts": "PDF/X-1:2001", "conformance": "PDF/X-1a:2001"],
                                 xmp: ["{http://ns.adobe.com/pdfx/1.3/}GTS_PDFXVersion": "PDF/X-1:2001",
                                       "{http://ns.adobe.com/pdfx/1.3/}GTS_PDFXConformance": "PDF/X-1a:2001"],
                                 popplerSubtype: "PDF/X-1:2001", popplerPart: "Part 1: Complete exchange using CMYK data (PDF/X-1 and PDF/X-1a)"),
        .x3_2002: Identification(info: ["gts": "PDF/X-3:2002", "conformance": ""],
                                 xmp: ["{http://ns.adobe.com/pdfx/1.3/}GTS_PDFXVersion": "PDF/X-3:2002"],
                                 popplerSubtype: "PDF/X-3:2002", popplerPart: "Part 3: Complete exchange suitable for colour-managed workflows (PDF/X-3)"),
        .x4: Identification(info: ["gts": "PDF/X-4", "conformance": ""],
                            xmp: ["{http://www.npes.org/pdfx/ns/id/}GTS_PDFXVersion": "PDF/X-4"],
                            popplerSubtype: "PDF/X-4", popplerPart: "Part 7: Complete exchange of printing data (PDF/X-4)"),
    ]

    /// The file identifies itself as `standard`'s part writes it, as pikepdf and poppler read it.
    static func expectIdentification(_ standard: PDFXStandard, of pdf: String, found: [String: Any]) throws {
        let expected = try #require(identification[standard])
        for (key, value) in expected.info { #expect(found[key] as? String == value, "\(pdf): Info \(key) in \(found)") }
        #expect(found["xmp_keys"] as? [String: String] == expected.xmp, "\(pdf): the XMP's identification in \(found)")
        #expect(found["xmp_trapped"] as? String == "False", "\(pdf): \(found)")
        let ids = found["xmp_ids"] as? [String: String] ?? [:]
        #expect(ids["DocumentID"]?.hasPrefix("uuid:") == true && ids["VersionID"]?.isEmpty == false && ids["RenditionClass"] == "default",
                "\(pdf): \(ids)")
        let info = try Tool.run("pdfinfo", [pdf]).output
        let lines = info.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.contains("PDF subtype: \(expected.popplerSubtype)"), "\(pdf): \(info)")
        #expect(lines.contains { $0.hasPrefix("Subtitle: \(expected.popplerPart)") }, "\(pdf): \(info)")
        #expect(!lines.contains { $0.hasPrefix("Conformance:") }, "\(pdf): poppler reads a conformance PDF/X has no such level of: \(info)")
    }

    @Test(arguments: [PDFXStandard.x4, .x1a2001, .x3_2002])
    func theFilesClaimTheStandardAndKeepItsRules(_ standard: PDFXStandard) throws {
        let workspace = try workspace([standard])
        for folder in try render(standard, in: workspace) {
            for file in ["interior.pdf", "cover.pdf"] {
                let pdf = folder.appendingPathComponent(file).path
                let info = try Tool.run("pdfinfo", [pdf]).output
                let lines = info.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
                #expect(lines.contains("PDF version: \(standard.headerVersion)"), "\(file): \(info)")
                let run = try Tool.run("python3", ["-c", Self.independentReading, pdf])
                let found = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.errors)")
                try Self.expectIdentification(standard, of: pdf, found: found)
                #expect(found["version"] as? String == standard.headerVersion)
                #expect(found["trapped"] as? String == "/False")
                #expect((found["title"] as? String ?? "").isEmpty == false && found["moddate_same"] as? Bool == true)
                #expect(found["xmp_date"] as? Bool == true && found["xmp_title"] as? Bool == true, "\(found)")
                #expect(found["intents"] as? Int == 1 && found["intent_n"] as? Int == 4 && found["condition"] as? String == "FOGRA39")
                #expect(found["boxes_ok"] as? Bool == true && found["encrypted"] as? Bool == false)
                if !standard.allowsTransparency { #expect(found["transparency"] as? [String] == [], "\(file): \(found)") }
                if !standard.allowsICCColour { #expect(found["icc"] as? Int == 0, "\(file): \(found)") }
            }
        }
    }

    /// pikepdf breaks one rule in a verified X-1a interior; `folio verify --pdfx` names it.
    @Test func eachBrokenRuleIsCaughtWithItsCode() throws {
        let workspace = try workspace([.x1a2001])
        // A book with a photo, so that an image can be given an ICC colour space.
        let export = workspace.exports.appendingPathComponent("photo")
        try FileManager.default.createDirectory(at: export.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/color/prism_pizza-progressive.jpg"),
                                         to: export.appendingPathComponent("photos/p.jpg"))
        try JSONSerialization.data(withJSONObject: Sample.journal([Sample.entry("p1", "2025-02-01T10:00:00Z", text: "Pizza night.",
                                                                                photos: [["file": "photos/p.jpg"]])]))
            .write(to: export.appendingPathComponent("journal.json"))
        var order = Sample.order(id: "photo", export: "photo", extra: ["product": "pdfx-x1a2001"])
        order["book"] = Self.book(language: "en", preset: "forest")
        let (report, folder) = try workspace.render(order, name: "photo")
        #expect(report.status == .done, "\(String(describing: report.error))")
        let source = folder.appendingPathComponent("interior.pdf")
        let script = """
            import sys, pikepdf
            source, target, mutation = sys.argv[1:4]
            with pikepdf.open(source) as pdf:
                page = pdf.pages[0].obj
                if mutation == 'trapped':
                    del pdf.docinfo['/Trapped']
                elif mutation == 'second-intent':
                    pdf.Root.OutputIntents.append(pikepdf.Dictionary(pdf.Root.OutputIntents[0]))
                elif mutation == 'rgb-group':
                    page.Group = pikepdf.Dictionary(S=pikepdf.Name.Transparency, CS=pikepdf.Name.DeviceRGB)
                elif mutation == 'soft-mask':
                    mask = pikepdf.Dictionary(Type=pikepdf.Name.Mask, S=pikepdf.Name.Luminosity, G=pdf.make_stream(b'', BBox=[0, 0, 1, 1], Subtype=pikepdf.Name.Form))
                    resources = page.Resources
                    if '/ExtGState' not in resources: resources.ExtGState = pikepdf.Dictionary()
                    resources.ExtGState.GSmask = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, SMask=mask))
                elif mutation == 'alpha':
                    resources = page.Resources
                    if '/ExtGState' not in resources: resources.ExtGState = pikepdf.Dictionary()
                    resources.ExtGState.GShalf = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, ca=0.5))
                elif mutation == 'icc':
                    image = next(o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.stream_dict.get('/Subtype') == '/Image')
                    image.ColorSpace = pikepdf.Array([pikepdf.Name.ICCBased, pdf.Root.OutputIntents[0].DestOutputProfile])
                elif mutation == 'xmp':
                    # The XMP says what Info said before the keys were right.
                    packet = bytes(pdf.Root.Metadata.read_bytes()).replace(b'>PDF/X-1:2001<', b'>PDF/X-1a:2001<')
                    pdf.Root.Metadata.write(packet)
                elif mutation == 'version-as-level':
                    pdf.docinfo['/GTS_PDFXVersion'] = 'PDF/X-1a:2001'
                elif mutation == 'no-conformance':
                    del pdf.docinfo['/GTS_PDFXConformance']
                elif mutation == 'no-xmp':
                    del pdf.Root['/Metadata']
                elif mutation == 'javascript':
                    pdf.Root.OpenAction = pdf.make_indirect(pikepdf.Dictionary(S=pikepdf.Name.JavaScript, JS='app.alert(1)'))
                pdf.save(target)
            """
        func codes(_ mutation: String) throws -> [String] {
            try Self.findings(of: source, mutated: mutation, by: script, as: .x1a2001, in: workspace)
        }
        let clean = try codes("none")
        #expect(clean == [], "pikepdf's rewrite alone must verify clean: \(clean)")
        // ISO 15930-1:2001 is PDF 1.3, which has no XMP: a file without one still conforms.
        let withoutXMP = try codes("no-xmp")
        #expect(withoutXMP == [], "\(withoutXMP)")
        let expected = ["trapped": "pdfx-trapped", "second-intent": "pdfx-output-intent", "rgb-group": "pdfx-transparency",
                        "soft-mask": "pdfx-transparency", "alpha": "pdfx-transparency", "icc": "pdfx-colour", "xmp": "pdfx-xmp",
                        "javascript": "pdfx-forbidden", "version-as-level": "pdfx-version", "no-conformance": "pdfx-version"]
        for (mutation, code) in expected.sorted(by: { $0.key < $1.key }) {
            let found = try codes(mutation)
            #expect(found.contains { $0.hasPrefix(code + ":") }, "\(mutation): \(found)")
        }
        #expect(try codes("rgb-group").contains { $0.hasPrefix("pdfx-colour:") }, "the group's RGB blending space is a colour error too")
    }

    /// `folio verify --pdfx`'s pdfx- findings, each `code: message`, for `source` after
    /// `script` (pikepdf: source, target, mutation) has changed it by `mutation`.
    static func findings(of source: URL, mutated mutation: String, by script: String, as standard: PDFXStandard,
                         in workspace: Workspace) throws -> [String] {
        let target = workspace.root.appendingPathComponent("mutated-\(mutation).pdf")
        let run = try Tool.run("python3", ["-c", script, source.path, target.path, mutation])
        #expect(run.status == 0, "\(mutation): \(run.errors)")
        let verify = try Tool.run(Workspace.folio, ["verify", target.path, "--pdfx", standard.rawValue, "--json"])
        let results = try #require(try JSONSerialization.jsonObject(with: Data(verify.output.utf8)) as? [[String: Any]])
        let findings = results.first?["findings"] as? [[String: Any]] ?? []
        return findings.compactMap { finding in (finding["code"] as? String).map { "\($0): \(finding["message"] ?? "")" } }
            .filter { $0.hasPrefix("pdfx-") }
    }

    /// An X-4 file's identification, broken one key at a time, and rewritten in the other
    /// spellings XMP allows, which must still verify clean: the verifier reads the packet by
    /// namespace, as a preflight does, not as Folio happens to write it.
    @Test func theX4IdentificationIsReadAsXMPMeansIt() throws {
        let workspace = try workspace([.x4])
        try workspace.writeExport("x4", journal: Sample.journal([Sample.entry("x1", "2025-02-01T10:00:00Z", text: "A quiet day.")]))
        var order = Sample.order(id: "x4", export: "x4", extra: ["product": "pdfx-x4"])
        order["book"] = Self.book(language: "en", preset: "paper")
        let (report, folder) = try workspace.render(order, name: "x4")
        #expect(report.status == .done, "\(String(describing: report.error))")
        let script = """
            import datetime, re, sys, pikepdf
            source, target, mutation = sys.argv[1:4]
            with pikepdf.open(source) as pdf:
                packet = bytes(pdf.Root.Metadata.read_bytes()).decode()
                if mutation == 'no-xmp':
                    del pdf.Root['/Metadata']
                elif mutation == 'no-document-id':
                    packet = re.sub(r'<xmpMM:DocumentID>[^<]*</xmpMM:DocumentID>', '', packet)
                elif mutation == 'no-rendition-class':
                    packet = re.sub(r'<xmpMM:RenditionClass>[^<]*</xmpMM:RenditionClass>', '', packet)
                elif mutation == 'wrong-namespace':
                    packet = packet.replace('http://www.npes.org/pdfx/ns/id/', 'http://ns.adobe.com/pdfx/1.3/id/')
                elif mutation == 'xmp-trapped':
                    packet = packet.replace('<pdf:Trapped>False</pdf:Trapped>', '<pdf:Trapped>True</pdf:Trapped>')
                elif mutation == 'xmp-date':
                    packet = re.sub(r'<xmp:CreateDate>([0-9]{4})', lambda m: '<xmp:CreateDate>' + str(int(m.group(1)) - 1), packet)
                elif mutation == 'info-version':
                    pdf.docinfo['/GTS_PDFXVersion'] = 'PDF/X-1a:2001'
                elif mutation == 'no-info-version':
                    del pdf.docinfo['/GTS_PDFXVersion']
                elif mutation == 'other-prefix':
                    packet = packet.replace('pdfxid:', 'gts:').replace('xmlns:pdfxid=', 'xmlns:gts=')
                elif mutation == 'as-attributes':
                    found = re.search(r'<pdfxid:GTS_PDFXVersion>([^<]*)</pdfxid:GTS_PDFXVersion>', packet)
                    packet = packet.replace(found.group(0), '').replace('rdf:about=""', 'rdf:about="" pdfxid:GTS_PDFXVersion="%s"' % found.group(1), 1)
                elif mutation == 'date-in-another-zone':
                    def shift(m):
                        local = datetime.datetime.strptime(m.group(2), '%Y-%m-%dT%H:%M:%SZ') + datetime.timedelta(hours=1)
                        return '<xmp:%s>%s+01:00<' % (m.group(1), local.strftime('%Y-%m-%dT%H:%M:%S'))
                    packet = re.sub(r'<xmp:(CreateDate|ModifyDate)>([0-9T:-]+Z)<', shift, packet)
                if '/Metadata' in pdf.Root:
                    pdf.Root.Metadata.write(packet.encode())
                pdf.save(target)
            """
        let source = folder.appendingPathComponent("interior.pdf")
        func codes(_ mutation: String) throws -> [String] {
            try Self.findings(of: source, mutated: mutation, by: script, as: .x4, in: workspace)
        }
        for spelling in ["none", "no-info-version", "other-prefix", "as-attributes", "date-in-another-zone"] {
            let found = try codes(spelling)
            #expect(found == [], "\(spelling) is the same identification: \(found)")
        }
        let expected = ["no-xmp": "pdfx-xmp", "no-document-id": "pdfx-xmp", "no-rendition-class": "pdfx-xmp", "wrong-namespace": "pdfx-xmp",
                        "xmp-trapped": "pdfx-xmp", "xmp-date": "pdfx-xmp", "info-version": "pdfx-version"]
        for (mutation, code) in expected.sorted(by: { $0.key < $1.key }) {
            let found = try codes(mutation)
            #expect(found.contains { $0.hasPrefix(code + ":") }, "\(mutation): \(found)")
        }
    }

    /// The photo cover's scrim is a soft mask over the photo; for X-1a it is composited into the
    /// photo's pixels instead: no transparency, and the cover looks as the X-4 one does.
    @Test func aPhotoCoverIsCompositedForX1a() throws {
        let workspace = try workspace([.x1a2001, .x4])
        let export = try workspace.writeExport("cover", journal: Sample.journal([Sample.entry("c1", "2025-02-01T10:00:00Z")]))
        try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/color/prism_pizza-progressive.jpg"),
                                         to: export.appendingPathComponent("photos/cover.jpg"))
        var looks: [[Double]] = []
        for standard in [PDFXStandard.x1a2001, .x4] {
            var order = Sample.order(id: "photo-\(Self.slug(standard))", export: "cover", outputs: ["interior", "cover"],
                                     extra: ["product": "pdfx-\(Self.slug(standard))"])
            var book = Self.book(language: "en", preset: "photo")
            book["cover"] = ["preset": "photo", "photo": "photos/cover.jpg"]
            order["book"] = book
            let (report, folder) = try workspace.render(order, name: "photo-\(Self.slug(standard))")
            #expect(report.status == .done, "\(standard.rawValue): \(String(describing: report.error))")
            let cover = folder.appendingPathComponent("cover.pdf").path
            let reading = try Tool.run("python3", ["-c", Self.independentReading, cover])
            let found = try #require(try JSONSerialization.jsonObject(with: Data(reading.output.utf8)) as? [String: Any])
            if !standard.allowsTransparency { #expect(found["transparency"] as? [String] == [], "\(found)") }
            // The front's mean grey in five bands from top to bottom, as poppler draws it.
            let prefix = workspace.root.appendingPathComponent("look-\(Self.slug(standard))").path
            _ = try Tool.run("pdftoppm", ["-r", "30", "-gray", "-singlefile", cover, prefix])
            let bands = try Tool.run("python3", ["-c", """
                import sys
                from PIL import Image
                image = Image.open(sys.argv[1])
                w, h = image.size
                front = image.crop((w * 3 // 5, 0, w, h))
                print(' '.join(str(sum(front.crop((0, h * i // 5, front.size[0], h * (i + 1) // 5)).getdata()) / (front.size[0] * (h // 5))) for i in range(5)))
                """, prefix + ".pgm"]).output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            looks.append(bands)
        }
        #expect(looks.count == 2 && looks[0].count == 5 && looks[1].count == 5)
        for (flat, transparent) in zip(looks[0], looks[1]) {
            #expect(abs(flat - transparent) < 8, "composited \(looks[0]) against transparent \(looks[1])")
        }
        #expect((looks[0].last ?? 255) < (looks[0].first ?? 0), "the scrim darkens the foot of the cover")
    }

    @Test func aCMYKStandardNeedsACMYKProfile() throws {
        let workspace = try Workspace()
        let file = workspace.root.appendingPathComponent("config/products/a5-softcover.json")
        var product = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        product["pdfx"] = "X-1a:2001"
        try JSONSerialization.data(withJSONObject: product).write(to: file)
        let config = try workspace.config
        func problem() -> String? {
            do { _ = try config.product("a5-softcover"); return nil } catch { return "\(error)" }
        }
        let sRGB = try #require(problem())
        #expect(sRGB.contains("pdfx") && sRGB.contains("CMYK"), "\(sRGB)")
        product["pdfx"] = "X-5"
        try JSONSerialization.data(withJSONObject: product).write(to: file)
        let unknown = try #require(problem())
        #expect(unknown.contains("pdfx") && unknown.contains("X-1a:2001"), "\(unknown)")
    }
}
