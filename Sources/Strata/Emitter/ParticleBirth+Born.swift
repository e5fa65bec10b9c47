import Foundation

extension ParticleBirth {
    /// A birth that never lives (the GPU draws nothing for it).
    static let never = ParticleBirth(
        x: 0, y: 0, z: 0, vx: 0, vy: 0, vz: 0, birth: 0, lifetime: -1, scale: 0, scaleSpeed: 0, spin: 0, look: 0,
        red: 0, green: 0, blue: 0, alpha: 0, redSpeed: 0, greenSpeed: 0, blueSpeed: 0, alphaSpeed: 0)

    /// `born`'s values packed for the GPU: a particle of cell values `v` on a
    /// layer of scale `layerScale`, born `birth` seconds after the batch's
    /// base, of look 0.
    init(_ born: EmitterSimulation.Born, cell v: EmitterCellValues, layerScale: Double, birth: Float) {
        let b = born
        self.init(
            x: Float(b.p0.x), y: Float(b.p0.y), z: Float(b.p0.z),
            vx: Float(b.v0.x), vy: Float(b.v0.y), vz: Float(b.v0.z),
            birth: birth, lifetime: Float(b.life),
            scale: Float(b.scale0 * layerScale), scaleSpeed: Float(Double(v.scaleSpeed) * layerScale),
            spin: Float(b.spin), look: 0,
            red: Float(b.red0), green: Float(b.green0), blue: Float(b.blue0), alpha: Float(b.alpha0),
            redSpeed: v.redSpeed, greenSpeed: v.greenSpeed, blueSpeed: v.blueSpeed, alphaSpeed: v.alphaSpeed)
    }
}
