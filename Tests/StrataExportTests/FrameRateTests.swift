import Testing

@testable import StrataExport

/// Frame rates as users write them and as Lottie files store them.
@Suite struct FrameRateTests {
    @Test func decimalsParse() throws {
        #expect(try FrameRate(parsing: "29.97") == FrameRate(30000, 1001))
        #expect(try FrameRate(parsing: "23.976") == FrameRate(24000, 1001))
        #expect(try FrameRate(parsing: "59.94") == FrameRate(60000, 1001))
        #expect(try FrameRate(parsing: "12.5") == FrameRate(25, 2))
        #expect(try FrameRate(parsing: "25.0") == FrameRate(25))
        #expect(try FrameRate(parsing: "0.5") == FrameRate(1, 2))
        for bad in ["29.97.1", ".", "-29.97", "1e3.0", "0.0", "0.0001", "1000.5", "29,97"] {
            #expect(throws: ExportError.self, "\(bad)") { try FrameRate(parsing: bad) }
        }
    }

    @Test func lottieRatesStandForWhatTheyMean() {
        // A Lottie file's `fr` is a float: 29.97 is stored as 29.9700012207031.
        #expect(FrameRate(approximating: 29.9700012207031) == FrameRate(30000, 1001))
        #expect(FrameRate(approximating: 30) == FrameRate(30))
        #expect(FrameRate(approximating: 60.0000001) == FrameRate(60))
        #expect(FrameRate(approximating: 24) == FrameRate(24))
        #expect(FrameRate(approximating: 15.5) == FrameRate(31, 2))
        #expect(FrameRate(approximating: 0) == nil && FrameRate(approximating: .nan) == nil)
        #expect(FrameRate(approximating: 5000) == nil)
        // Frame k of a 29.97 fps clip is at k × 1001 / 30000 s.
        #expect(FrameRate(approximating: 29.97)?.time(ofFrame: 30) == 30 * 1001 / 30000.0)
    }
}
