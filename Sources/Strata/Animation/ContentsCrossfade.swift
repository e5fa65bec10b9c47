import Foundation

/// A presentation layer's `contents` midway through a change: Core Animation
/// cross-fades the old image into the new one. Only presentation copies hold
/// one; `contents` reads the new image, `LayerState.contentsCrossfade(_:)` the rest.
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

extension LayerState {
    /// What a state's `contents` shows: the new image while a cross-fade runs.
    /// (Static, given the one field: a renderer reading a state in place copies no more of it.)
    package static func shownContents(_ contents: Any?) -> Any? { ContentsCrossfade.shown(contents) }

    /// For a presentation layer's `contents` while it changes: the old
    /// contents and how far (0…1) the new contents (`shownContents`) has faded
    /// in. Renderers draw the old at `1 − progress` under the new at
    /// `progress`; nil otherwise.
    package static func contentsCrossfade(_ contents: Any?) -> (from: Any?, progress: Double)? {
        guard let fade = contents as? ContentsCrossfade else { return nil }
        return (fade.from, fade.progress)
    }
}
