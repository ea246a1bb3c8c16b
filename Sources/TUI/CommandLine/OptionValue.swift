import Engine
import ViewerCore

/// What follows an option on the command line, and what the option does with it.
enum OptionValue: Sendable {
    /// No value: the option acts by being there. `--flag=value` is a usage error.
    case none(@Sendable (inout OptionDraft) -> Void)
    /// Free text (an id, a path), named in the help by its placeholder.
    case text(ValuePlaceholder, @Sendable (inout OptionDraft, String) -> Void)
    /// A finite number of seconds within a limit.
    case seconds(SecondsLimit, @Sendable (inout OptionDraft, Double) -> Void)
    /// One of a fixed list of words (matched ignoring case); the setter gets the word's index.
    case choice([String], @Sendable (inout OptionDraft, Int) -> Void)

    /// A choice among the cases of a string enum, in their declared order.
    static func choice<Setting: RawRepresentable & CaseIterable & Sendable>(
        _ set: @escaping @Sendable (inout OptionDraft, Setting) -> Void
    ) -> OptionValue where Setting.RawValue == String {
        let cases = Array(Setting.allCases)
        return .choice(cases.map { $0.rawValue }) { draft, index in set(&draft, cases[index]) }
    }

    /// Whether the option reads a value (after a space or `=`).
    var takesValue: Bool {
        if case .none = self { return false }
        return true
    }

    /// The words a choice accepts; empty for other values.
    var choices: [String] {
        if case .choice(let words, _) = self { return words }
        return []
    }

    /// Whether a shell should offer file names for the value.
    var completesPaths: Bool {
        if case .text(let placeholder, _) = self { return placeholder.completesPaths }
        return false
    }

    /// What stands for the value in the help (`SECONDS`, `en|es`); nil for an option without one.
    func placeholder(in language: Language) -> String? {
        switch self {
        case .none: return nil
        case .text(let placeholder, _): return placeholder.word(in: language)
        case .seconds: return ValuePlaceholder.seconds.word(in: language)
        case .choice(let words, _): return words.joined(separator: "|")
        }
    }

    /// Reads `text` as the value of `option` and applies it to `draft`.
    /// - Returns: the usage error when `text` is not a valid value; nil when it was applied.
    func apply(_ text: String, option: String, to draft: inout OptionDraft) -> UsageError? {
        switch self {
        case .none(let set):
            set(&draft)
        case .text(_, let set):
            set(&draft, text)
        case .seconds(let limit, let set):
            guard let seconds = Double(text), seconds.isFinite else {
                return .invalidNumber(option: option, value: text)
            }
            guard limit.accepts(seconds) else { return .outOfRange(option: option, value: text, limit: limit) }
            set(&draft, seconds)
        case .choice(let words, let set):
            guard let index = words.firstIndex(of: text.lowercased()) else {
                return .invalidChoice(option: option, value: text, allowed: words)
            }
            set(&draft, index)
        }
        return nil
    }
}
