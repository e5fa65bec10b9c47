import Foundation

extension CGPath {
    /// The length of the path's drawn subpaths as dashing measures them with
    /// `chordTolerance` (see `dashed(phase:lengths:chordTolerance:)`): for the
    /// renderer's closed-form dashes, which must land where these do.
    package func measuredLength(chordTolerance: CGFloat) -> CGFloat {
        PathMeasure(self, chordTolerance: chordTolerance).contours.reduce(0) { total, contour in
            contour.subpath.isDrawn ? total + contour.length : total
        }
    }
}
