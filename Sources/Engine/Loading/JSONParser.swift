/// A JSON parser for untrusted decks: it validates UTF-8 first, keeps the line and column of every value,
/// reports duplicate keys, and uses an explicit stack (never recursion) with a nesting limit.
///
/// A syntax error, invalid UTF-8, a non-UTF-8 encoding or too deep nesting stop the parse (one problem);
/// duplicate keys, lone surrogates and numbers that are not finite are reported and parsing goes on.
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 64

    /// The parsed document (nil when parsing stopped) and the problems found, in the order found.
    struct Output {
        var value: JSONValue?
        var problems: [DeckProblem]
    }

    /// Parses a whole document into one tree.
    static func parse(_ bytes: [UInt8]) -> Output {
        var keeper = JSONTreeKeeper()
        return parse(bytes, consumer: &keeper)
    }

    /// Parses a whole document, handing the elements of the arrays `consumer` asks for to it as they complete.
    /// After a problem that stops the parse, what the consumer received is of no use (`value` is nil).
    static func parse<Consumer: JSONElementConsumer>(_ bytes: [UInt8], consumer: inout Consumer) -> Output {
        if let problem = encodingProblem(bytes) {
            return Output(value: nil, problems: [problem])
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return bytes.withUnsafeBufferPointer { buffer in
            if let offset = UTF8Validator.firstInvalidOffset(in: buffer, from: start) {
                return Output(value: nil, problems: [DeckProblem(path: "$", kind: .invalidUTF8(offset: offset))])
            }
            var parser = JSONParser(bytes: buffer, start: start)
            return parser.run(consumer: &consumer)
        }
    }

    /// A UTF-16 file: a byte order mark, or the NUL bytes that ASCII text has in UTF-16.
    private static func encodingProblem(_ bytes: [UInt8]) -> DeckProblem? {
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
        return DeckProblem(path: "$", kind: .encodedAsUTF16(bigEndian: bigEndian))
    }

    // MARK: State

    /// An array or object being parsed.
    struct Frame {
        var isObject: Bool
        var line: Int32
        var column: Int32
        var elements: [JSONValue] = []
        /// Elements completed so far (arrays), whether kept in `elements` or consumed.
        var count = 0
        /// The consumer's tag when the elements go to the consumer instead of `elements`.
        var consumerTag: Int?
        var members: [JSONMember] = []
        /// The key whose value is being parsed (objects).
        var key = ""
        var keyLine: Int32 = 0
        var keyColumn: Int32 = 0
        /// Key → member index, built once an object has many members (duplicate detection without quadratic work).
        var keyIndex: [String: Int] = [:]
    }

    /// Thrown to stop parsing after a fatal problem has been recorded.
    struct Stop: Error {}

    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    var line = 1
    var lineStart: Int
    /// UTF-8 continuation bytes passed since `lineStart`: the column counts Unicode scalars, not bytes.
    var continuationBytes = 0
    var problems: [DeckProblem] = []
    var stack: [Frame] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, start: Int) {
        self.bytes = bytes
        self.position = start
        self.lineStart = start
    }

    private mutating func run<Consumer: JSONElementConsumer>(consumer: inout Consumer) -> Output {
        skipWhitespace()
        guard position < bytes.count else {
            return Output(value: nil, problems: [DeckProblem(path: "$", kind: .emptyDocument)])
        }
        do {
            let value = try parseDocument(consumer: &consumer)
            return Output(value: value, problems: problems)
        } catch {
            return Output(value: nil, problems: problems)
        }
    }
}
