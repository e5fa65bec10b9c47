internal import CDuktape
import Foundation

/// One Duktape heap (Debian's libduktape) that runs one Lottie expression:
/// the prelude of After Effects' globals, the expression compiled once, then
/// one call per frame.
///
/// Every script runs protected (see `CDuktape/shim.h`): an error thrown by a
/// script is a ``Failure``, never a crash. The heap allocates within a byte
/// limit, so a script that grows without bound fails with a RangeError.
/// Duktape has no way to stop a script that loops; ``LottieExpressionSource``
/// makes every loop and call count steps before the expression is compiled.
final class LottieScript {
    /// What a script gave: one number, or an array of numbers.
    enum Value: Equatable {
        case number(Double)
        case array([Double])

        /// The numbers, one for a number.
        var numbers: [Double] {
            switch self {
            case .number(let n): return [n]
            case .array(let a): return a
            }
        }
    }

    /// A script that did not compile or threw: Duktape's message (`TypeError: …`).
    struct Failure: Error, Equatable {
        var message: String
    }

    /// The most numbers a value holds, either way (gradient stops are the longest).
    static let maximumNumbers = Int(STRATA_DUK_MAX_NUMBERS)

    /// Answers the scripts' `$bm_native(layer, property, frame)`; nil gives `undefined`.
    var lookup: (_ layer: Int, _ property: Int, _ frame: Double) -> Value? = { _, _, _ in nil }

    private let context: OpaquePointer
    private let memory: UnsafeMutablePointer<strata_duk_memory>
    private let host: UnsafeMutablePointer<strata_duk_host>

    /// A heap that may allocate `memoryLimit` bytes; nil when Duktape cannot make one.
    init?(memoryLimit: Int) {
        memory = .allocate(capacity: 1)
        memory.initialize(to: strata_duk_memory(used: 0, limit: memoryLimit))
        host = .allocate(capacity: 1)
        host.initialize(to: strata_duk_host(lookup: nil, context: nil))
        guard let made = strata_duk_create(memory) else {
            memory.deallocate()
            host.deallocate()
            return nil
        }
        context = made
        host.pointee.context = Unmanaged.passUnretained(self).toOpaque()
        host.pointee.lookup = { context, layer, property, frame, out, capacity, isArray in
            guard let context, let out, let isArray else { return -1 }
            let script = Unmanaged<LottieScript>.fromOpaque(context).takeUnretainedValue()
            guard let value = script.lookup(Int(layer), Int(property), frame) else { return -1 }
            let numbers = value.numbers
            guard numbers.count <= Int(capacity) else { return -1 }
            for (i, n) in numbers.enumerated() { out[i] = n }
            if case .array = value { isArray.pointee = 1 } else { isArray.pointee = 0 }
            return Int32(numbers.count)
        }
        var error = [CChar](repeating: 0, count: 512)
        if strata_duk_install(context, host, &error, error.count) != 0 {
            // Only out of memory gets here; the heap is still valid and is freed in deinit.
            return nil
        }
    }

    deinit {
        duk_destroy_heap(context)
        memory.deallocate()
        host.deallocate()
    }

    /// Runs `source` as global code.
    func run(_ source: String) throws(Failure) {
        var error = [CChar](repeating: 0, count: 512)
        let rc = Self.withBytes(source) { strata_duk_eval(context, $0, $1, &error, error.count) }
        if rc != 0 { throw Failure(message: Self.message(error)) }
    }

    /// Calls the prelude's `$bm_setup` with `json` decoded (JSON.parse, not compiled as code).
    func setup(json: String) throws(Failure) {
        var error = [CChar](repeating: 0, count: 512)
        let rc = Self.withBytes(json) { strata_duk_setup(context, $0, $1, &error, error.count) }
        if rc != 0 { throw Failure(message: Self.message(error)) }
    }

    /// Runs bytecode made by ``compileToBytecode(_:)`` as global code.
    func run(bytecode: [UInt8]) throws(Failure) {
        var error = [CChar](repeating: 0, count: 512)
        let rc = bytecode.withUnsafeBytes { strata_duk_load(context, $0.baseAddress, $0.count, &error, error.count) }
        if rc != 0 { throw Failure(message: Self.message(error)) }
    }

    /// `source` (global code) compiled into Duktape's bytecode, which ``run(bytecode:)`` runs in any heap.
    func compileToBytecode(_ source: String) throws(Failure) -> [UInt8] {
        var error = [CChar](repeating: 0, count: 512)
        var length = 0
        let dump = Self.withBytes(source) { strata_duk_dump(context, $0, $1, &length, &error, error.count) }
        guard let dump else { throw Failure(message: Self.message(error)) }
        defer { free(dump) }
        return Array(UnsafeRawBufferPointer(start: dump, count: length))
    }

    /// Compiles `source` as the expression each ``evaluate(frame:)`` runs.
    func compile(_ source: String) throws(Failure) {
        var error = [CChar](repeating: 0, count: 512)
        let rc = Self.withBytes(source) { strata_duk_compile(context, $0, $1, &error, error.count) }
        if rc != 0 { throw Failure(message: Self.message(error)) }
    }

    /// The expression's value at `frame` (as the prelude's `$bm_end` shapes it).
    func evaluate(frame: Double) throws(Failure) -> Value {
        var out = [Double](repeating: 0, count: Self.maximumNumbers)
        var isArray: Int32 = 0
        var error = [CChar](repeating: 0, count: 512)
        let n = strata_duk_frame(context, frame, &out, Int32(out.count), &isArray, &error, error.count)
        if n == -2 { throw Failure(message: Self.message(error)) }
        if n < 0 {
            throw Failure(message: "the value is not a number or an array of at most \(Self.maximumNumbers) numbers")
        }
        return isArray != 0 ? .array(Array(out.prefix(Int(n)))) : .number(out[0])
    }

    /// The global `name` as a number (0 when it is not one).
    func number(_ name: String) -> Double {
        name.withCString { strata_duk_global_number(context, $0, strlen($0)) }
    }

    /// The bytes the heap holds now.
    var memoryUsed: Int { memory.pointee.used }

    /// `text`'s UTF-8 bytes and their count (all of them: a NUL inside does not end the text).
    private static func withBytes<R>(_ text: String, _ body: (UnsafePointer<CChar>, Int) -> R) -> R {
        var bytes = Array(text.utf8CString)
        let count = bytes.count - 1
        return bytes.withUnsafeMutableBufferPointer { body($0.baseAddress!, count) }
    }

    private static func message(_ buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.isEmpty ? "error" : text
    }
}
