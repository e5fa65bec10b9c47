import Foundation
import Testing

@testable import StrataRender

/// `encloses` is the edge-by-edge test that `CGRect.contains(_:)` is not on
/// Linux: a bitmap's quad equal to its rectangle must count as inside it, or
/// the bitmap loses its texel-for-pixel program.
@Suite struct RectEnclosesTests {
    @Test func aRectangleEnclosesItselfAndWhatIsInside() {
        let rect = CGRect(
            x: -3.01075268817204, y: -2.956989247311828, width: 86.02150537634408, height: 55.913978494623656)
        #expect(rect.encloses(rect))
        #expect(rect.encloses(rect.insetBy(dx: 1, dy: 2)))
        #expect(!rect.encloses(rect.insetBy(dx: -0.001, dy: 0)))
        #expect(!rect.encloses(rect.offsetBy(dx: 0, dy: 0.5)))
    }
}
