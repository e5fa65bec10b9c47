import Foundation

/// `tw`: turns the paths above it about a centre, each point by an angle
/// that grows with its distance from the centre.
package struct LottieTwist: Equatable, Sendable {
    /// Where the item is in the file, and its name.
    package var source: LottieSource
    /// `a`: degrees clockwise that the point farthest from the centre turns.
    package var angle: LottieProperty<Double>
    /// `c`: the centre, in the group's coordinates.
    package var center: LottieProperty<LottieVector>
}
