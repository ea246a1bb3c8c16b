import Engine
import Glibc

/// CPU time the loader may spend on one input: a fixed allowance plus a cost per byte. Linear parsing under
/// AddressSanitizer stays far below it (about 0.1 µs a byte); a quadratic path does not, once an input is a few
/// tens of kilobytes (the long-string seeds in `corpus/*long-*.json` are), so the fuzzer finds it as a crash.
private let allowedSeconds = 0.05
private let allowedSecondsPerByte = 2e-6

/// libFuzzer entry point: every input is a deck file's bytes. The loader must return (never crash, never hang) in time
/// linear in the input, and whatever it produces must be free of control characters: deck text and every problem
/// message, in both languages.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeck(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let started = threadCPUSeconds()
    let result = DeckLoader.decode(bytes, baseDirectory: nil)
    let spent = threadCPUSeconds() - started
    let allowed = allowedSeconds + allowedSecondsPerByte * Double(size)
    precondition(spent <= allowed, "superlinear: \(spent) s of CPU for \(size) bytes (allowed \(allowed) s)")
    switch result {
    case .success(let deck):
        precondition(!deck.stories.isEmpty, "a valid deck has stories")
        for story in deck.stories {
            for text in [story.id, story.title, story.image, story.alt].compactMap({ $0 }) {
                precondition(isSafe(text, lineBreaks: false), "unsafe text \(text.debugDescription)")
            }
            for text in [story.caption, story.art].compactMap({ $0 }) {
                precondition(isSafe(text, lineBreaks: true), "unsafe text \(text.debugDescription)")
            }
        }
        for group in deck.groups {
            precondition(isSafe(group.title, lineBreaks: false), "unsafe group title")
        }
        if let title = deck.title { precondition(isSafe(title, lineBreaks: false), "unsafe deck title") }
    case .failure(let error):
        for language in [Language.english, .spanish] {
            let lines = error.message(in: language) + error.diagnosticLines(file: "deck.json", language: language)
                + error.jsonLines(file: "deck.json", language: language)
            precondition(!lines.isEmpty, "an error has a message")
            for line in lines {
                precondition(isSafe(line, lineBreaks: false), "unsafe message \(line.debugDescription)")
            }
        }
    }
    return 0
}

/// CPU seconds used by the calling thread (other processes on the machine do not count).
private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

private func isSafe(_ text: String, lineBreaks: Bool) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
        let value = scalar.value
        if lineBreaks && value == 0x0A { return true }
        return !(value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value))
    }
}

/// libFuzzer's driver, from the fuzzer runtime that `-sanitize=fuzzer` links in.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// SwiftPM links an executable target with its entry point renamed to `<Target>_main`; with
/// `-parse-as-library` there is no top-level code, so the entry point is this function, which hands
/// control to libFuzzer's driver.
@_cdecl("DeckFuzzer_main")
public func deckFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzDeck(data, size) }
}
