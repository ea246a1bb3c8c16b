import CNCurses
import Glibc
import ViewerCore

/// Which terminal description curses runs under: the first of `candidates` terminfo has (the `*-direct`
/// twin when 24-bit colour is asked for), else TERM; and a known TERM whose colours fall short of what
/// `--colors` or the environment asks for is replaced by its `-direct` twin or `fallback`, else kept.
extension CursesBackend {
    /// A curses screen on `output` and `input` under the chosen description; nil when terminfo has none
    /// of them (errno then says whether resources ran out). `mode` is the terminal's mode before curses,
    /// put back when a first screen is given up for another.
    static func newScreen(term: String, color: Bool, candidates: [String], colors: ColorsSetting, fallback: String?,
                          output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>,
                          mode: inout termios) -> OpaquePointer? {
        var created: OpaquePointer?
        for name in candidates where color && created == nil {
            created = newterm(name, output, input)
        }
        if created == nil { created = newterm(term, output, input) }
        let termColors = Int(tigetnum("colors"))
        if color, let current = created, termColors < 0x100_0000 {
            // A TERM without colours (vt100) is a choice, kept even inside tmux.
            let direct = ColorDepth.retriesDirect(setting: colors, colors: termColors,
                                                  rgbFlag: tigetflag("RGB") > 0 || tigetflag("Tc") > 0)
                ? ColorDepth.baseName(of: term) + "-direct" : termColors >= 8 ? fallback : nil
            if let direct {
                // TERM is known (it loaded): its screen goes, the terminal's mode as it was, and the 24-bit
                // one takes its place, else TERM again.
                delscreen(current)
                _ = tcsetattr(fileno(input), TCSANOW, &mode)
                created = newterm(direct, output, input) ?? newterm(term, output, input)
            }
        }
        return created
    }
}
