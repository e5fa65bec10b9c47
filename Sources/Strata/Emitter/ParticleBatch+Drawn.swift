import Foundation

extension ParticleBatch {
    /// Calls `body` with each birth drawn at the batch's time, its look and
    /// its age, in drawing order: every one of ``births``, and the births of
    /// ``runs`` that `Shaders/particles.vert` draws (alive, with alpha and
    /// scale above 0).
    package func forEachDrawn(_ body: (ParticleBirth, ParticleLook, Double) -> Void) {
        let time = Float(self.time)
        for birth in births {
            let look = looks[Int(birth.look)]
            body(birth, look, Double(max(time - birth.birth, 0) * look.speed))
        }
        for run in runs {
            let look = looks[Int(run.look)]
            for k in 0..<run.count {
                let birth = run.births[run.index(drawn: k)]
                let age = max(time - birth.birth, 0) * look.speed
                guard age <= birth.lifetime, birth.alpha + birth.alphaSpeed * age > 0,
                    birth.scale + birth.scaleSpeed * age > 0
                else { continue }
                body(birth, look, Double(age))
            }
        }
    }
}
