import Foundation
import Strata
import Testing

@testable import StrataRender

/// `PlaneMapping`: the plane part of a 4×4 transform.
@Suite struct PlaneMappingTests {
    /// The plane part of a product, made without the rest of it, is the plane
    /// part of the whole product to the bit (the flattener culls with one and
    /// draws with the other).
    @Test func thePlanePartOfAProductIsThatOfTheWholeProduct() {
        var random = SystemRandomNumberGenerator()
        func matrix() -> CATransform3D {
            var m = CATransform3DIdentity
            withUnsafeMutableBytes(of: &m) { bytes in
                for k in 0..<16 {
                    // Values of every size, as layer and device transforms hold.
                    let value = Double.random(in: -2...2, using: &random) * pow(10, Double.random(in: -4...3))
                    bytes.storeBytes(of: value, toByteOffset: k * 8, as: Double.self)
                }
            }
            return m
        }
        var perspective = CATransform3DMakeRotation(0.7, 0, 1, 0)
        perspective.m34 = -1 / 500
        let cases =
            (0..<200).map { _ in (matrix(), matrix()) } + [
                (perspective, CATransform3DMakeTranslation(512, 384, 0)),
                (CATransform3DMakeScale(2, 3, 1), perspective),
            ]
        for (a, b) in cases {
            let part = PlaneMapping(a, then: b), whole = PlaneMapping(a.concatenating(b))
            let same = withUnsafeBytes(of: part) { p in withUnsafeBytes(of: whole) { w in p.elementsEqual(w) } }
            #expect(same, "\(a) then \(b): \(part) is not \(whole)")
        }
    }
}
