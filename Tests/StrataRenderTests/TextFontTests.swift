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

    @Test func familiesAndStylesAreFoundThroughFontconfig() throws {
        let locator = try FontLocator(environment: [:])
        func file(_ family: String, _ style: String) -> String? {
            locator.path(family: family, style: style).map { ($0 as NSString).lastPathComponent }
        }
        #expect(file("DejaVu Serif", "Bold Italic") == "DejaVuSerif-BoldItalic.ttf")
        #expect(file("DejaVu Sans Mono", "Bold") == "DejaVuSansMono-Bold.ttf")
        #expect(file("dejavuserif", "Book") == "DejaVuSerif.ttf")
        #expect(file("DejaVu Sans", "Oblique") == "DejaVuSans-Oblique.ttf")
        #expect(file("DejaVu Sans", "ExtraLight") == "DejaVuSans-ExtraLight.ttf")
        // fontconfig's closest font of another family is not a match.
        #expect(file("No Such Family", "Bold") == nil)
        #expect(file("", "Bold") == nil)
        #expect(file("Bad\u{0}Name", "") == nil)
        // The weight and slant a style's words name (fontconfig's scale: bold 200, italic 100).
        #expect(FontconfigMatcher.weightAndSlant("SemiBold Italic") == (180, 100))
        #expect(FontconfigMatcher.weightAndSlant("Bold") == (200, 0))
        #expect(FontconfigMatcher.weightAndSlant("Light Oblique") == (50, 110))
        #expect(FontconfigMatcher.weightAndSlant("") == (80, 0))
        // A CATextLayer name of another installed family goes through fontconfig too.
        if let serif = locator.path(family: "Liberation Serif", style: "Bold") {
            #expect(locator.path(forFontNamed: "LiberationSerif-Bold") == serif)
        }
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
