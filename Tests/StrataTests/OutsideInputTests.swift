import Foundation
import Strata
import StrataScene
import Testing

/// Scene and path text from outside: every problem is one line naming where.
@Suite struct OutsideInputTests {
    @Test func relativeCoordinatesThatOverflowAreRejected() {
        for data in ["M 1e308 0 l 1e308 0", "M 0 0 h 1.7e308 h 1.7e308", "M 0 -1.7e308 v -1.7e308"] {
            #expect(throws: PathDataError.self, "\(data)") { try CGPath(svgPathData: data) }
        }
        #expect((try? CGPath(svgPathData: "M 1e300 0 l 1e300 0")) != nil)
    }

    @Test func aBadEscapeIsDescribedOnOneLine() {
        for escape in ["\\\n", "\\\u{e9}", "\\q"] {
            let json = "{\"size\": [10, 10], \"root\": {\"name\": \"a\(escape)\"}}"
            do {
                _ = try Scene(data: Data(json.utf8), baseURL: nil)
                Issue.record("accepted a bad escape")
            } catch {
                #expect(!error.description.contains("\n"), "\(error.description)")
                #expect(error.description.contains("bad escape"), "\(error.description)")
            }
        }
    }

    @Test func controlCharactersFromTheFileAreEscapedInMessages() {
        let error = SceneError(path: "root.sublayers[0].contents.image", reason: "cannot read a\nb.png: no such file")
        #expect(error.description == "root.sublayers[0].contents.image: cannot read a\\u000Ab.png: no such file")
    }
}
