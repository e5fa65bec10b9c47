import Foundation
import Strata

extension Scene {
    /// When the scene stops changing: the latest end of its explicit animations
    /// (begin time + duration × repeats, doubled when they autoreverse) and of
    /// its timeline transactions (`at`, plus the implicit animations' duration
    /// unless actions are disabled), and of its emitters' particles (see
    /// `emitterEnd`). 0 for a scene that never changes.
    ///
    /// Animations that repeat forever (``animatesForever``) are left out; what
    /// they would add has no end.
    public var animationEnd: CFTimeInterval {
        var end: CFTimeInterval = 0
        for a in animations where !a.repeatsForever {
            end = max(end, a.beginTime + a.activeDuration)
        }
        for t in timeline {
            // An implicit animation of duration 0 runs Core Animation's default 0.25 s.
            end = max(end, t.at + (t.disableActions ? 0 : (t.duration == 0 ? 0.25 : t.duration)))
        }
        return max(end, emitterEnd.end)
    }

    /// Whether an animation repeats forever (`repeatCount` of `Float.greatestFiniteMagnitude`,
    /// Core Animation's idiom), so the scene never stops changing.
    public var animatesForever: Bool { animations.contains { $0.repeatsForever } || emitterEnd.forever }
}

extension SceneAnimation {
    /// Whether the animation repeats forever.
    var repeatsForever: Bool { repeatCount >= .greatestFiniteMagnitude }

    /// How long the animation runs from its begin time: each repeat (at least
    /// one) takes the duration, twice when it autoreverses.
    var activeDuration: CFTimeInterval {
        CFTimeInterval(max(1, repeatCount)) * effectiveDuration * (autoreverses ? 2 : 1)
    }
}
