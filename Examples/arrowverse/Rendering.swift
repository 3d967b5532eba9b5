import AirdateCore
import Foundation
import WatchOrder

/// Lines printed by the commands.
enum Rendering {
    static func line(_ episode: Episode, position: Int, list: WatchList, checklist: Checklist, clock: ViewerClock) -> String {
        let mark = checklist.isWatched(episode.id) ? "✓" : (episode.hasAired(at: clock.now, in: clock.timeZone) ? " " : "·")
        let number = String(position).leftPadded(to: 3)
        let day = episode.airDay?.description ?? "TBA       "
        let show = (list.show(episode.showID)?.name ?? episode.showID).padding(toLength: 19, withPad: " ", startingAt: 0)
        let code = list.code(of: episode).padding(toLength: 10, withPad: " ", startingAt: 0)
        return "\(mark) \(number)  \(day)  \(show) \(code) \(episode.title)"
    }

    static func name(_ episode: Episode, list: WatchList) -> String {
        "\(list.show(episode.showID)?.name ?? episode.showID) \(list.code(of: episode)) \"\(episode.title)\""
    }

    static func progress(_ progress: WatchProgress) -> String {
        let percent = Int((progress.fraction * 100).rounded())
        return "\(progress.watched)/\(progress.aired) aired watched (\(percent)%), \(progress.total) listed"
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
