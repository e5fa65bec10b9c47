import Foundation
import _StrataFuzzTargets

// `strata-fuzz TARGET …`: the fuzz targets of `_StrataFuzzTargets`.
//
// Built by Scripts/fuzz with `-sanitize=fuzzer` and `-DSTRATA_FUZZ`, this is
// a libFuzzer target: libFuzzer's own `main` runs it, and the arguments after
// TARGET are libFuzzer's (corpus folders, `-max_total_time=…`). In a normal
// build it replays the files given through the target, one by one, printing
// each name first: a crash then names its input. Either way
// `strata-fuzz TARGET --seeds ROOT` lists the seed files under the package
// root ROOT.

/// The target named by the first argument, or a usage message and exit 2.
/// With `--seeds ROOT` after it, lists the seed files and exits.
func selectedTarget(_ arguments: [String]) -> FuzzTarget {
    guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
        FileHandle.standardError.write(Data("usage: strata-fuzz \(names) [FILE…|libFuzzer options]\n".utf8))
        exit(2)
    }
    if arguments.count == 4, arguments[2] == "--seeds" {
        for url in target.seedFiles(packageRoot: URL(fileURLWithPath: arguments[3])) { print(url.path) }
        exit(0)
    }
    return target
}

#if STRATA_FUZZ
    /// The target chosen in `LLVMFuzzerInitialize` (libFuzzer calls back plain C functions).
    nonisolated(unsafe) var target = FuzzTarget.scene

    /// libFuzzer's set-up hook: takes the target's name out of the arguments
    /// before libFuzzer reads them as its own.
    @_cdecl("LLVMFuzzerInitialize")
    func initialize(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
    ) -> Int32 {
        guard let vector = argv.pointee else { return 0 }
        let arguments = (0..<Int(argc.pointee)).map { String(cString: vector[$0]!) }
        target = selectedTarget(arguments)
        for i in 1..<Int(argc.pointee) { vector[i] = vector[i + 1] }  // argv ends with a null
        argc.pointee -= 1
        return 0
    }

    /// One input.
    @_cdecl("LLVMFuzzerTestOneInput")
    func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
        target.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
        return 0
    }
#else
    @main
    enum StrataFuzz {
        static func main() {
            let arguments = CommandLine.arguments
            let target = selectedTarget(arguments)
            for path in arguments.dropFirst(2) {
                print(path)
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("strata-fuzz: cannot read \(path)\n".utf8))
                    exit(1)
                }
                target.run(data)
            }
        }
    }
#endif
