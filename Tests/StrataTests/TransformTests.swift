import Foundation
import Testing

@testable import Strata

/// Checks every field of `t` against `expected` (sixteen numbers, m11…m44).
func expectMatrix(
    _ t: CATransform3D, _ expected: [CGFloat], tolerance: CGFloat = 1e-12,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let names = [
        "m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24",
        "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44",
    ]
    for (i, (got, want)) in zip(t.elements, expected).enumerated() {
        #expect(
            abs(got - want) <= tolerance, "\(names[i]) is \(got), expected \(want)",
            sourceLocation: sourceLocation)
    }
}

/// The row vector `(x, y, z, 1) × t`, divided by w.
func mapPoint(_ t: CATransform3D, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
    let h = t.apply(x: x, y: y, z: z)
    return (h.x / h.w, h.y / h.w, h.z / h.w)
}

let degrees: CGFloat = .pi / 180

@Suite struct TransformTests {
    @Test func identityAndMakers() {
        expectMatrix(CATransform3DIdentity, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        expectMatrix(CATransform3DMakeTranslation(3, -4, 5), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, -4, 5, 1])
        expectMatrix(CATransform3DMakeScale(2, 3, 4), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
        #expect(!CATransform3DIsIdentity(CATransform3DMakeTranslation(0, 0, 1e-300)))
    }

    /// Core Animation's convention (row vectors, right-handed): a rotation by +90°
    /// about z maps (1, 0, 0) to (0, 1, 0); its 2D part is CGAffineTransform's
    /// rotation [cos sin; −sin cos] (Apple documents that matrix for
    /// CGAffineTransformMakeRotation and AffineTransform(rotationByDegrees:)).
    @Test func rotationDirection() {
        let z = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        expectMatrix(z, [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], tolerance: 1e-15)
        let p = mapPoint(z, 1, 0, 0)
        #expect(abs(p.0) < 1e-15 && abs(p.1 - 1) < 1e-15 && abs(p.2) < 1e-15)
        let affine = CGAffineTransform(rotationAngle: .pi / 2)
        expectMatrix(z, CATransform3DMakeAffineTransform(affine).elements, tolerance: 1e-15)
        // About y: x goes to −z (z to x); about x: y goes to z.
        let y = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        expectMatrix(y, [0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], tolerance: 1e-15)
        let x = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        expectMatrix(x, [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1], tolerance: 1e-15)
        // The axis is normalised; a zero axis gives the identity (Apple's documented behaviour).
        expectMatrix(CATransform3DMakeRotation(0.3, 0, 0, 7), CATransform3DMakeRotation(0.3, 0, 0, 1).elements)
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
    }

    /// Rotation by 90° about the diagonal (1, 1, 0), written out from Rodrigues' formula
    /// with axis (1/√2, 1/√2, 0), c = 0, s = 1, C = 1 − c = 1.
    @Test func rotationAboutDiagonal() {
        let t = CATransform3DMakeRotation(.pi / 2, 1, 1, 0)
        let r = 1 / CGFloat(2).squareRoot()
        expectMatrix(
            t,
            [
                0.5, 0.5, -r, 0,
                0.5, 0.5, r, 0,
                r, -r, 0, 0,
                0, 0, 0, 1,
            ], tolerance: 1e-15)
        // The axis is fixed, and x turns right-handedly about it: (½, ½, −1/√2).
        let a = mapPoint(t, 1, 1, 0)
        #expect(abs(a.0 - 1) < 1e-15 && abs(a.1 - 1) < 1e-15 && abs(a.2) < 1e-15)
        // A general angle, 30°: c = √3/2, s = ½.
        let c = CGFloat(3).squareRoot() / 2, s: CGFloat = 0.5
        expectMatrix(
            CATransform3DMakeRotation(30 * degrees, 1, 1, 0),
            [
                c + (1 - c) / 2, (1 - c) / 2, -s * r, 0,
                (1 - c) / 2, c + (1 - c) / 2, s * r, 0,
                s * r, -s * r, c, 0,
                0, 0, 0, 1,
            ], tolerance: 1e-15)
    }

    /// `CATransform3DTranslate/Scale/Rotate(t, …)` return `op × t`: the op acts first.
    @Test func operationsPrependToT() {
        let t = CATransform3DMakeTranslation(10, 20, 30)
        // Scale first, then translate: the translation row is untouched.
        expectMatrix(CATransform3DScale(t, 2, 3, 4), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 10, 20, 30, 1])
        // Translate first, then scale: the translation is scaled.
        let s = CATransform3DMakeScale(2, 3, 4)
        expectMatrix(CATransform3DTranslate(s, 1, 1, 1), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 2, 3, 4, 1])
        // Rotate first, then translate.
        let rt = CATransform3DRotate(t, .pi / 2, 0, 0, 1)
        expectMatrix(rt, [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 10, 20, 30, 1], tolerance: 1e-15)
        // Concat(a, b) = a × b: a acts first.
        let ab = CATransform3DConcat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeTranslation(5, 0, 0))
        expectMatrix(ab, [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 5, 0, 0, 1])
        let ba = CATransform3DConcat(CATransform3DMakeTranslation(5, 0, 0), CATransform3DMakeScale(2, 2, 2))
        expectMatrix(ba, [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 10, 0, 0, 1])
    }

    /// Seed chain (a): identity with m34 = −1/2000, scaled by 0.95, rotated 7.5° about y.
    ///
    ///     P = I with m34 = −1/2000
    ///     S × P: rows 0.95·(1,0,0,0), 0.95·(0,1,0,0), 0.95·(0,0,1,−1/2000), (0,0,0,1)
    ///     R_y(θ) rows (c,0,−s,0), (0,1,0,0), (s,0,c,0), (0,0,0,1); R × (S × P):
    ///       row 1 = c·row1 − s·row3 = (0.95c, 0, −0.95s, 0.95s/2000)
    ///       row 2 = (0, 0.95, 0, 0)
    ///       row 3 = s·row1 + c·row3 = (0.95s, 0, 0.95c, −0.95c/2000)
    ///       row 4 = (0, 0, 0, 1)
    /// with c = cos 7.5° = 0.99144486137381…, s = sin 7.5° = 0.13052619222005….
    @Test func seedChainA() {
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 2000
        t = CATransform3DScale(t, 0.95, 0.95, 0.95)
        t = CATransform3DRotate(t, 7.5 * degrees, 0, 1, 0)
        let c: CGFloat = 0.99144486137381041114, s: CGFloat = 0.13052619222005159155
        expectMatrix(
            t,
            [
                0.95 * c, 0, -0.95 * s, 0.95 * s / 2000,
                0, 0.95, 0, 0,
                0.95 * s, 0, 0.95 * c, -0.95 * c / 2000,
                0, 0, 0, 1,
            ], tolerance: 1e-15)
        // The same numbers, written out.
        expectMatrix(
            t,
            [
                0.941872618305120, 0, -0.123999882609049, 0.0000619999413045245,
                0, 0.95, 0, 0,
                0.123999882609049, 0, 0.941872618305120, -0.000470936309152560,
                0, 0, 0, 1,
            ], tolerance: 1e-14)
    }

    /// Seed chain (b): m34 = −1/1000, rotated 30° about y, translated 250 along z.
    ///
    ///     R × P: rows (c, 0, −s, s/1000), (0,1,0,0), (s, 0, c, −c/1000), (0,0,0,1)
    ///     T(0,0,250) × (R × P): rows 1–3 unchanged; row 4 = 250·row3 + (0,0,0,1)
    ///                          = (250s, 0, 250c, 1 − 250c/1000)
    @Test func seedChainB() {
        let angle = 30 * degrees
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 1000
        t = CATransform3DRotate(t, angle, 0, 1, 0)
        t = CATransform3DTranslate(t, 0, 0, 250)
        let c = CGFloat(3).squareRoot() / 2, s: CGFloat = 0.5
        expectMatrix(
            t,
            [
                c, 0, -s, s / 1000,
                0, 1, 0, 0,
                s, 0, c, -c / 1000,
                250 * s, 0, 250 * c, 1 - 250 * c / 1000,
            ], tolerance: 1e-13)
        expectMatrix(
            t,
            [
                0.866025403784439, 0, -0.5, 0.0005,
                0, 1, 0, 0,
                0.5, 0, 0.866025403784439, -0.000866025403784439,
                125, 0, 216.506350946110, 0.783493649053890,
            ], tolerance: 1e-12)
    }

    /// Seed chain (c): a card turned about the diagonal axis (1, 1, 0), with perspective.
    @Test func seedChainC() {
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        t = CATransform3DRotate(t, .pi / 2, 1, 1, 0)
        let r = 1 / CGFloat(2).squareRoot()
        // R × P: each row of R with its third entry also put, times −1/500, into column 4.
        expectMatrix(
            t,
            [
                0.5, 0.5, -r, r / 500,
                0.5, 0.5, r, -r / 500,
                r, -r, 0, 0,
                0, 0, 0, 1,
            ], tolerance: 1e-15)
    }

    @Test func invertPerspective() throws {
        var chains: [CATransform3D] = []
        var a = CATransform3DIdentity
        a.m34 = -1.0 / 2000
        a = CATransform3DRotate(CATransform3DScale(a, 0.95, 0.95, 0.95), 7.5 * degrees, 0, 1, 0)
        chains.append(a)
        var b = CATransform3DIdentity
        b.m34 = -1.0 / 1000
        b = CATransform3DTranslate(CATransform3DRotate(b, 0.7, 0, 1, 0), 0, 0, 250)
        chains.append(b)
        var c = CATransform3DMakeRotation(1.1, 1, 1, 0)
        c.m34 = -1.0 / 500
        c = CATransform3DTranslate(c, 30, -40, 50)
        chains.append(c)
        for t in chains {
            let inverse = CATransform3DInvert(t)
            expectMatrix(CATransform3DConcat(t, inverse), CATransform3DIdentity.elements, tolerance: 1e-9)
            expectMatrix(CATransform3DConcat(inverse, t), CATransform3DIdentity.elements, tolerance: 1e-9)
            #expect(abs(t.determinant * inverse.determinant - 1) < 1e-9)
        }
        // A pure perspective matrix inverts to m34 = +1/d.
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 800
        expectMatrix(CATransform3DInvert(p), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1.0 / 800, 0, 0, 0, 1])
        // Singular matrices come back unchanged, as Core Animation documents.
        let flat = CATransform3DMakeScale(1, 1, 0)
        #expect(CATransform3DEqualToTransform(CATransform3DInvert(flat), flat))
        var projective = CATransform3DIdentity
        projective.m44 = 0
        #expect(CATransform3DInvert(projective) == projective)
        #expect(flat.inverted() == nil)
    }

    @Test func affineQueries() {
        #expect(CATransform3DIsAffine(CATransform3DIdentity))
        #expect(CATransform3DIsAffine(CATransform3DMakeRotation(0.4, 0, 0, 1)))
        #expect(CATransform3DIsAffine(CATransform3DMakeTranslation(3, 4, 0)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(3, 4, 1)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.4, 0, 1, 0)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))
        var p = CATransform3DIdentity
        p.m34 = -0.001
        #expect(!CATransform3DIsAffine(p))

        let m = CGAffineTransform(a: 1.5, b: 0.25, c: -0.5, d: 2, tx: 7, ty: -3)
        let t = CATransform3DMakeAffineTransform(m)
        expectMatrix(t, [1.5, 0.25, 0, 0, -0.5, 2, 0, 0, 0, 0, 1, 0, 7, -3, 0, 1])
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == m)
        // The 3D and 2D compositions agree.
        let n = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: 5)
        let both = CATransform3DConcat(t, CATransform3DMakeAffineTransform(n))
        let g = CATransform3DGetAffineTransform(both), e = m.concatenating(n)
        for (x, y) in [(g.a, e.a), (g.b, e.b), (g.c, e.c), (g.d, e.d), (g.tx, e.tx), (g.ty, e.ty)] {
            #expect(abs(x - y) < 1e-12)
        }
    }

    @Test func equality() {
        let a = CATransform3DMakeRotation(0.5, 1, 2, 3)
        var b = a
        #expect(CATransform3DEqualToTransform(a, b))
        b.m43 += 1e-12
        #expect(!CATransform3DEqualToTransform(a, b))
        // −0 and 0 are equal, as in C.
        var z = CATransform3DIdentity
        z.m41 = -0.0
        #expect(CATransform3DIsIdentity(z))
    }

    @Test func determinant() {
        #expect(CATransform3DMakeScale(2, 3, 4).determinant == 24)
        #expect(abs(CATransform3DMakeRotation(0.9, 1, -2, 0.5).determinant - 1) < 1e-14)
        #expect(CATransform3DMakeScale(2, 3, 0).determinant == 0)
    }
}
