import Foundation
import Strata
import Testing

@testable import StrataRender

/// Paths from outside (scene files) with coordinates far beyond any mask must
/// draw nothing there, not trap.
@Suite struct OutsideInputRasterTests {
    @Test func hairlinesFarOutsideTheMaskDrawNothing() throws {
        let path = try CGPath(svgPathData: "M 0 1e20 L 5 1.0000001e20 M -1e300 3 L 1e300 4")
        let mask = PathRasterizer.stroke(
            path: path, lineWidth: 0.5, cap: .butt, join: .miter, miterLimit: 10,
            dash: nil, transform: .identity, width: 16, height: 16)
        // The second line crosses the whole mask around y = 3.5: only its row is covered.
        #expect(mask[8, 3] > 0)
        #expect(mask[8, 10] == 0)
    }
}
