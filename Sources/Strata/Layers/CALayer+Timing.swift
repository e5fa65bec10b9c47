import Foundation

extension CALayer: CAMediaTiming {
    /// When the layer's time starts, in its superlayer's time.
    public var beginTime: CFTimeInterval {
        get { withStateLock { _state.beginTime } }
        set { changeValue(forKey: "beginTime") { _state.beginTime = newValue } }
    }
    /// The layer's duration (timing only).
    public var duration: CFTimeInterval {
        get { withStateLock { _state.duration } }
        set { changeValue(forKey: "duration") { _state.duration = newValue } }
    }
    /// How fast the layer's time runs relative to its superlayer's.
    public var speed: Float {
        get { withStateLock { _state.speed } }
        set { changeValue(forKey: "speed") { _state.speed = newValue } }
    }
    /// An offset added to the layer's local time.
    public var timeOffset: CFTimeInterval {
        get { withStateLock { _state.timeOffset } }
        set { changeValue(forKey: "timeOffset") { _state.timeOffset = newValue } }
    }
    /// How many times the layer's timing repeats.
    public var repeatCount: Float {
        get { withStateLock { _state.repeatCount } }
        set { changeValue(forKey: "repeatCount") { _state.repeatCount = newValue } }
    }
    /// How long the layer's timing repeats for.
    public var repeatDuration: CFTimeInterval {
        get { withStateLock { _state.repeatDuration } }
        set { changeValue(forKey: "repeatDuration") { _state.repeatDuration = newValue } }
    }
    /// Whether the layer's timing plays backwards after forwards.
    public var autoreverses: Bool {
        get { withStateLock { _state.autoreverses } }
        set { changeValue(forKey: "autoreverses") { _state.autoreverses = newValue } }
    }
    /// What the layer's timing shows outside its active time.
    public var fillMode: CAMediaTimingFillMode {
        get { withStateLock { _state.fillMode } }
        set { changeValue(forKey: "fillMode") { _state.fillMode = newValue } }
    }
}
