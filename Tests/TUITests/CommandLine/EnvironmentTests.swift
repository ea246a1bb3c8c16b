import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// The environment is read a variable at a time (`getenv`), not copied at start (docs/PACKAGING.md).
@Suite("Environment")
struct EnvironmentTests {
    @Test func readsTheProcessEnvironmentWhenAsked() {
        let name = "STORIES_TUI_TEST_\(getpid())"
        let environment = Environment.current()
        #expect(environment[name] == nil)
        setenv(name, "één=two", 1)
        defer { unsetenv(name) }
        #expect(environment[name] == "één=two", "a value with = and UTF-8, read after the environment was made")
    }

    @Test func aLiteralIsAFixedEnvironment() {
        let environment: Environment = ["LANG": "es_ES.UTF-8", "NO_COLOR": "", "TERM": "xterm"]
        #expect(environment.language == .spanish)
        #expect(!environment.noColor, "NO_COLOR set but empty keeps colour")
        #expect(environment.term == "xterm")
        #expect(environment["HOME"] == nil)
        let empty: Environment = [:]
        #expect(empty.term == nil && empty.language == .english)
    }
}
