import Foundation

extension CALayer: CAMediaTiming {
    /// When the layer's time starts, in its superlayer's time.
    public var beginTime: CFTimeInterval {
        get { _beginTime }
        set { changeValue(forKey: "beginTime") { _beginTime = newValue } }
    }
    /// The layer's duration (timing only).
    public var duration: CFTimeInterval {
        get { _duration }
        set { changeValue(forKey: "duration") { _duration = newValue } }
    }
    /// How fast the layer's time runs relative to its superlayer's.
    public var speed: Float {
        get { _speed }
        set { changeValue(forKey: "speed") { _speed = newValue } }
    }
    /// An offset added to the layer's local time.
    public var timeOffset: CFTimeInterval {
        get { _timeOffset }
        set { changeValue(forKey: "timeOffset") { _timeOffset = newValue } }
    }
    /// How many times the layer's timing repeats.
    public var repeatCount: Float {
        get { _repeatCount }
        set { changeValue(forKey: "repeatCount") { _repeatCount = newValue } }
    }
    /// How long the layer's timing repeats for.
    public var repeatDuration: CFTimeInterval {
        get { _repeatDuration }
        set { changeValue(forKey: "repeatDuration") { _repeatDuration = newValue } }
    }
    /// Whether the layer's timing plays backwards after forwards.
    public var autoreverses: Bool {
        get { _autoreverses }
        set { changeValue(forKey: "autoreverses") { _autoreverses = newValue } }
    }
    /// What the layer's timing shows outside its active time.
    public var fillMode: CAMediaTimingFillMode {
        get { _fillMode }
        set { changeValue(forKey: "fillMode") { _fillMode = newValue } }
    }
}
