import Foundation

/// How images are sampled when drawn scaled: `.none` takes the nearest pixel,
/// every other level interpolates bilinearly.
public enum CGInterpolationQuality: Int32, Hashable, Sendable {
    case `default` = 0
    case none = 1
    case low = 2
    case medium = 4
    case high = 3
}
