import Foundation

extension CALayer: CAMediaTiming {
    /// When the layer's time starts, in its superlayer's time.
    public var beginTime: CFTimeInterval {
        get { withStateLock { _beginTime } }
        set { changeValue(forKey: "beginTime") { _beginTime = newValue } }
    }
    /// The layer's duration (timing only).
    public var duration: CFTimeInterval {
        get { withStateLock { _duration } }
        set { changeValue(forKey: "duration") { _duration = newValue } }
    }
    /// How fast the layer's time runs relative to its superlayer's.
    public var speed: Float {
        get { withStateLock { _speed } }
        set { changeValue(forKey: "speed") { _speed = newValue } }
    }
    /// An offset added to the layer's local time.
    public var timeOffset: CFTimeInterval {
        get { withStateLock { _timeOffset } }
        set { changeValue(forKey: "timeOffset") { _timeOffset = newValue } }
    }
    /// How many times the layer's timing repeats.
    public var repeatCount: Float {
        get { withStateLock { _repeatCount } }
        set { changeValue(forKey: "repeatCount") { _repeatCount = newValue } }
    }
    /// How long the layer's timing repeats for.
    public var repeatDuration: CFTimeInterval {
        get { withStateLock { _repeatDuration } }
        set { changeValue(forKey: "repeatDuration") { _repeatDuration = newValue } }
    }
    /// Whether the layer's timing plays backwards after forwards.
    public var autoreverses: Bool {
        get { withStateLock { _autoreverses } }
        set { changeValue(forKey: "autoreverses") { _autoreverses = newValue } }
    }
    /// What the layer's timing shows outside its active time.
    public var fillMode: CAMediaTimingFillMode {
        get { withStateLock { _fillMode } }
        set { changeValue(forKey: "fillMode") { _fillMode = newValue } }
    }
}
