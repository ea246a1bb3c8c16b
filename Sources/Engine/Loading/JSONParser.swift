/// A JSON parser for untrusted decks: it validates UTF-8 first, keeps the line and column of every value,
/// reports duplicate keys, and uses an explicit stack (never recursion) with a nesting limit.
///
/// A syntax error, invalid UTF-8, a non-UTF-8 encoding or too deep nesting stop the parse (one problem);
/// duplicate keys, lone surrogates and numbers that are not finite are reported and parsing goes on.
struct JSONParser {
    /// The parsed document (nil when parsing stopped) and the problems found.
    struct Output {
        var value: JSONValue?
        /// The first problems in file order, and how many more there were.
        var collector: ProblemCollector

        /// The problems kept, in file order.
        var problems: [DeckProblem] { collector.problems }
    }

    /// Parses a whole document into one tree.
    static func parse(_ bytes: [UInt8]) -> Output {
        var keeper = JSONTreeKeeper()
        return parse(bytes, consumer: &keeper)
    }

    /// Parses a whole document, handing the parts `consumer` asks for to it as they complete.
    /// After a problem that stops the parse, what the consumer received is of no use (`value` is nil).
    static func parse<Consumer: JSONElementConsumer>(_ bytes: [UInt8], consumer: inout Consumer) -> Output {
        if let problem = textProblem(bytes) {
            return Output(value: nil, collector: single(problem))
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, start: textStart(bytes))
            return parser.run(consumer: &consumer)
        }
    }

    /// Where the text starts: after a UTF-8 byte order mark, if there is one.
    static func textStart(_ bytes: [UInt8]) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Why the bytes are not UTF-8 text (UTF-16, or invalid UTF-8 at its line and column), or nil: the one
    /// encoding check of every deck file, JSON or Markdown.
    static func textProblem(_ bytes: [UInt8]) -> DeckProblem? {
        if let problem = encodingProblem(bytes) { return problem }
        let start = textStart(bytes)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let offset = UTF8Validator.firstInvalidOffset(in: buffer, from: start) else { return nil }
            let (line, column) = position(of: offset, in: buffer, from: start)
            return DeckProblem(path: "", line: line, column: column, kind: .invalidUTF8(offset: offset))
        }
    }

    private static func single(_ problem: DeckProblem) -> ProblemCollector {
        var collector = ProblemCollector()
        collector.add(problem)
        return collector
    }

    /// A UTF-16 file: a byte order mark, or the NUL bytes that ASCII text has in UTF-16.
    static func encodingProblem(_ bytes: [UInt8]) -> DeckProblem? {
        guard bytes.count >= 2 else { return nil }
        let (b0, b1) = (bytes[0], bytes[1])
        let longEnough = bytes.count >= 4
        var bigEndian: Bool?
        if b0 == 0xFF, b1 == 0xFE {
            bigEndian = false
        } else if b0 == 0xFE, b1 == 0xFF {
            bigEndian = true
        } else if b0 != 0, b1 == 0, !longEnough || bytes[3] == 0 {
            bigEndian = false
        } else if b0 == 0, b1 != 0, !longEnough || bytes[2] == 0 {
            bigEndian = true
        }
        guard let bigEndian else { return nil }
        return DeckProblem(path: "", line: 1, column: 1, kind: .encodedAsUTF16(bigEndian: bigEndian))
    }

    /// The line and column of `offset` in valid UTF-8 text that starts at `start` (after a byte order mark).
    private static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int, Int) {
        var line = 1
        var column = 1
        var index = start
        while index < offset {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r")
                && !(index + 1 < offset && bytes[index + 1] == UInt8(ascii: "\n"))) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80, byte != UInt8(ascii: "\r") {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    // MARK: State

    /// Thrown to stop parsing after a fatal problem has been recorded.
    struct Stop: Error {}

    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    var line = 1
    var lineStart: Int
    /// UTF-8 continuation bytes passed since `lineStart`: the column counts Unicode scalars, not bytes.
    var continuationBytes = 0
    var problems = ProblemCollector()
    var stack: [JSONOpenContainer] = []
    /// Where the last `,` was.
    var lastComma: (line: Int32, column: Int32) = (0, 0)

    private init(bytes: UnsafeBufferPointer<UInt8>, start: Int) {
        self.bytes = bytes
        self.position = start
        self.lineStart = start
    }

    private mutating func run<Consumer: JSONElementConsumer>(consumer: inout Consumer) -> Output {
        skipWhitespace()
        guard position < bytes.count else {
            return Output(value: nil, collector: Self.single(
                DeckProblem(path: "", line: line, column: Int(column(at: position)), kind: .emptyDocument)))
        }
        do {
            let value = try parseDocument(consumer: &consumer)
            return Output(value: value, collector: problems)
        } catch {
            return Output(value: nil, collector: problems)
        }
    }
}
