import Foundation
import Strata
import Testing

@testable import StrataRender

@Suite struct TextFontTests {
    @Test func findsTheDefaultFontAndNamedFaces() throws {
        let locator = try FontLocator(environment: [:])
        #expect(locator.defaultFont.hasSuffix("/DejaVuSans.ttf"))
        func file(_ name: String?) -> String { (locator.path(forFontNamed: name) as NSString).lastPathComponent }
        #expect(file(nil) == "DejaVuSans.ttf")
        #expect(file("DejaVuSans-Bold") == "DejaVuSans-Bold.ttf")
        #expect(file("DejaVu Sans Bold") == "DejaVuSans-Bold.ttf")
        #expect(file("DejaVuSansMono") == "DejaVuSansMono.ttf")
        #expect(file("DejaVuSerif") == "DejaVuSerif.ttf")
        #expect(file("Menlo-Bold") == "DejaVuSansMono-Bold.ttf")
        #expect(file("Helvetica") == "DejaVuSans.ttf")
        #expect(file("Times New Roman") == "DejaVuSerif.ttf")
        #expect(file("Comic Sans") == "DejaVuSans.ttf")
        #expect(file("") == "DejaVuSans.ttf")
    }

    @Test func strataFontChoosesTheDefault() throws {
        let mono = try FontLocator(environment: [:]).path(forFontNamed: "DejaVuSansMono")
        let locator = try FontLocator(environment: ["STRATA_FONT": mono])
        #expect(locator.defaultFont == mono)
    }

    @Test func aMissingStrataFontIsAClearError() {
        #expect(throws: FontNotFound.self) { try FontLocator(environment: ["STRATA_FONT": "/nonexistent/font.ttf"]) }
        do {
            _ = try FontLocator(environment: ["STRATA_FONT": "/nonexistent/font.ttf"])
            Issue.record("a missing STRATA_FONT was accepted")
        } catch {
            #expect(error.description.contains("/nonexistent/font.ttf"))
        }
        // A folder without DejaVuSans.ttf.
        #expect(throws: FontNotFound.self) { try FontLocator(environment: ["STRATA_FONT": "/tmp"]) }
    }
}
