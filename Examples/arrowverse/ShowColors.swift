import CommandLineSupport
import Foundation
import WatchOrder

/// Each show's colour on a terminal: `list`, `next` and `progress` paint a show's name in it when
/// colour is allowed (standard output a terminal, no `NO_COLOR`), never in a pipe or a file. The
/// colour for a light background or a dark one, as the terminal says (`COLORFGBG`; dark otherwise).
///
/// The colours are airdate-web's, by the show's place in the franchise's list (the palette its
/// pages use), until the franchise's data gives each show its own.
struct ShowColors {
    typealias RGB = (red: UInt8, green: UInt8, blue: UInt8)

    /// The palette for text on a light background and on a dark one (airdate-web's `--c0`…`--c11`).
    static let light: [RGB] = [
        (0x1B, 0x6E, 0x3A), (0xB3, 0x26, 0x1E), (0x1D, 0x4F, 0xA8), (0x6B, 0x4D, 0x00), (0x00, 0x00, 0x00), (0x4B, 0x3C, 0xA8),
        (0x0D, 0x6B, 0x75), (0xA3, 0x24, 0x6A), (0x5A, 0x5F, 0x18), (0x7A, 0x4A, 0x12), (0x2F, 0x5D, 0x8C), (0x63, 0x39, 0x5A),
    ]
    static let dark: [RGB] = [
        (0x6F, 0xD3, 0x94), (0xFF, 0x8A, 0x80), (0x8A, 0xB4, 0xF8), (0xE6, 0xC1, 0x5A), (0xD8, 0xDD, 0xE3), (0xB5, 0xA8, 0xFF),
        (0x6F, 0xD6, 0xE0), (0xFF, 0x8F, 0xCF), (0xC9, 0xD1, 0x6A), (0xF0, 0xA8, 0x65), (0x9C, 0xC3, 0xEE), (0xD9, 0xA3, 0xCC),
    ]

    let terminal: Terminal
    private let place: [String: Int]

    /// The colours of `list`'s shows on `terminal`.
    init(list: WatchList, terminal: Terminal = .current()) {
        self.terminal = terminal
        place = Dictionary(list.shows.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The colour of the show `showID`, for the terminal's background.
    func color(ofShow showID: String) -> RGB? {
        guard let index = place[showID] else { return nil }
        let palette = terminal.lightBackground ? Self.light : Self.dark
        return palette[index % palette.count]
    }

    /// `text` in the show's colour, when colour is allowed; else as it is.
    func paint(_ text: String, showID: String) -> String {
        guard terminal.usesColor, let rgb = color(ofShow: showID) else { return text }
        return terminal.colored(text, red: rgb.red, green: rgb.green, blue: rgb.blue)
    }

    /// `line` with the show's `name` painted where it starts at character `column` (a line already
    /// fitted to the terminal's width: the colour adds no width); the line as it is when the name
    /// is not there whole.
    func paint(_ line: String, name: String, at column: Int, showID: String) -> String {
        guard terminal.usesColor, line.count >= column + name.count else { return line }
        let start = line.index(line.startIndex, offsetBy: column), end = line.index(start, offsetBy: name.count)
        guard line[start..<end] == name else { return line }
        return String(line[..<start]) + paint(name, showID: showID) + String(line[end...])
    }
}
