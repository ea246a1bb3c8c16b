import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// `RunOptions`: the option table writes each value of the run once, by key path, into the one field
/// it names; nothing else holds a copy.
@Suite
struct RunOptionsTests {
    static func run(_ arguments: [String]) throws -> RunOptions {
        try CommandLineParser.parse(arguments + ["d.json"]).result.get().run
    }

    static func changed(_ change: (inout RunOptions) -> Void) -> RunOptions {
        var options = RunOptions()
        change(&options)
        return options
    }

    @Test("each option of the run writes its value into its one field and nothing else")
    func eachOptionOneField() throws {
        let cases: [([String], RunOptions)] = [
            (["--loop"], Self.changed { $0.playback.strategy = .loop }),
            (["--once"], Self.changed { $0.playback.strategy = .once }),
            (["--start", "dusk"], Self.changed { $0.start = "dusk" }),
            (["--duration", "7.5"], Self.changed { $0.playback.defaultDuration = 7.5 }),
            (["--leeway", "0"], Self.changed { $0.playback.leeway = 0 }),
            (["--no-autoplay"], Self.changed { $0.playback.autoplay = false }),
            (["--events", "e.jsonl"], Self.changed { $0.eventsPath = "e.jsonl" }),
            (["--control", "fifo"], Self.changed { $0.controlPath = "fifo" }),
            (["--watch"], Self.changed { $0.watch = true }),
            (["--ascii"], Self.changed { $0.layout.ascii = true }),
            (["--no-color"], Self.changed { $0.layout.color = false }),
            (["--no-colour"], Self.changed { $0.layout.color = false }),
            (["--images", "symbols"], Self.changed { $0.images = .symbols }),
            (["--key-release", "off"], Self.changed { $0.keyRelease = .off }),
            (["--resume"], Self.changed { $0.resume = true }),
        ]
        for (arguments, expected) in cases {
            #expect(try Self.run(arguments) == expected, "\(arguments)")
        }
    }

    @Test("every option of the table changes the run or the mode (the language, --format and the printing modes are read before a run)",
          arguments: OptionTable.all)
    func everyOptionActs(spec: OptionSpec) throws {
        guard !["--lang", "--format", "--completions", "--help", "--version"].contains(spec.name) else { return }
        var arguments = [spec.name]
        switch spec.value {
        case .none: break
        case .text: arguments.append("x")
        case .seconds: arguments.append("5")
        case .choice(let words, _): arguments.append(words.last ?? "")
        }
        let options = try CommandLineParser.parse(arguments + ["d.json"]).result.get()
        #expect(options.run != RunOptions() || options.mode != .view, "\(spec.name) wrote nothing")
    }

    @Test("--lang is not a value of the parse: it is read even from a command line that fails")
    func languageApart() {
        let parsed = CommandLineParser.parse(["--lang", "es", "--nope"])
        #expect(parsed.language == .spanish)
        #expect(throws: UsageError.self) { try parsed.result.get() }
    }
}
