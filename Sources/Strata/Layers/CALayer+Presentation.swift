import Foundation

// Placeholder until the animation issue: no animations, so the presentation is the model.
extension CALayer {
    /// The layer as it currently appears (model values with animations applied).
    public func presentation() -> Self? { self }

    /// The layer tree as it appears at `time` on the media clock: model values
    /// with animations applied. The renderer draws this tree.
    public func presentationTree(at time: CFTimeInterval) -> CALayer { self }
}
