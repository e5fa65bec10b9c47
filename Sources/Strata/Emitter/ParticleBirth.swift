import Foundation

/// One particle as it was born, as the particle vertex shader reads it
/// (`Shaders/particles.vert`), 80 bytes:
///
///     byte  0 ┌──────────────────────────────────────────────┐
///             │ x y z      position at birth (layer space)   │
///          12 │ vx vy vz   velocity at birth (points/s)      │
///          24 │ birth      layer time − the batch's origin   │
///          28 │ lifetime   in its cell's time                │
///          32 │ scale      at birth, × the layer's scale     │
///          36 │ scaleSpeed per second of age, × the same     │
///          40 │ spin       radians per second of age         │
///          44 │ look: Int32, index into the batch's looks    │
///          48 │ red green blue alpha    at birth (straight)  │
///          64 │ redSpeed … alphaSpeed   per second of age    │
///          80 └──────────────────────────────────────────────┘
///
/// Everything about a particle at age `a` follows from these in closed
/// form: position `p + v·a + ½·acc·a²` (the acceleration is its look's),
/// angle `spin·a`, scale and colour linear in `a` (colour clamped to 0…1).
/// Plain fields keep the record contiguous; `ParticleBatchTests` locks the offsets.
package struct ParticleBirth: BitwiseCopyable, Equatable, Sendable {
    package var x: Float, y: Float, z: Float
    package var vx: Float, vy: Float, vz: Float
    package var birth: Float
    package var lifetime: Float
    package var scale: Float
    package var scaleSpeed: Float
    package var spin: Float
    package var look: Int32
    package var red: Float, green: Float, blue: Float, alpha: Float
    package var redSpeed: Float, greenSpeed: Float, blueSpeed: Float, alphaSpeed: Float
}
