import Foundation

/// A presentation layer's `contents` midway through a change: Core Animation
/// cross-fades the old image into the new one. Only presentation copies hold
/// one; `contents` reads the new image, `contentsCrossfade` the rest.
final class ContentsCrossfade: @unchecked Sendable {
    let from: Any?
    let to: Any?
    let progress: Double

    init(from: Any?, to: Any?, progress: Double) {
        self.from = from
        self.to = to
        self.progress = progress
    }

    /// What `value` shows as contents (the new image of a cross-fade).
    static func shown(_ value: Any?) -> Any? {
        (value as? ContentsCrossfade)?.to ?? value
    }
}

extension CALayer {
    /// On a presentation layer while `contents` changes: the old contents and how
    /// far (0…1) the new contents (`contents`) has faded in. Renderers draw the
    /// old at `1 − progress` under the new at `progress`; nil otherwise.
    package var contentsCrossfade: (from: Any?, progress: Double)? {
        guard let fade = _state.contents as? ContentsCrossfade else { return nil }
        return (fade.from, fade.progress)
    }
}
