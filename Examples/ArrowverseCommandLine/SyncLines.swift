import CommandLineSupport
import Foundation
import WatchOrder
import WatchOrderWiki
public import WatchOrderSync

/// A refresh's events and report as the lines `arrowverse` and `airdate-web` write on standard
/// error: one per page read from the network, one per page skipped, one per show checked against
/// TVMaze, the broadcast facts' notes, and a closing summary of what failed.
public enum SyncLines {
    /// The lines for one event (none for a page of the snapshot read as expected).
    public static func lines(for event: SyncEvent) -> [String] {
        switch event {
        case .pageRead(let read, let index, let count):
            guard read.file == nil else { return [] }
            var lines = ["[\(index + 1)/\(count)] \(read.page.show.name): \(read.episodes) episodes, \(read.diagnostics.count) notes"]
            // What the reader skipped or could not read, said rather than swallowed.
            lines += read.diagnostics.prefix(10).map { "  note: \($0)" }
            if read.diagnostics.count > 10 { lines.append("  … and \(read.diagnostics.count - 10) more notes") }
            return lines
        case .pageSkipped(let skip, let index, let count):
            let reason = skip.error.underlying.map(ErrorLine.text(for:)) ?? ErrorLine.normalized(skip.error.detail)
            if skip.file == nil { return ["[\(index + 1)/\(count)] \(skip.page.show.name): failed. \(reason)"] }
            if skip.error.code == .pageMissing, let path = skip.error.path {
                return ["\(skip.page.show.name): \(path) is missing. Skipped; its stored episodes are kept."]
            }
            return ["\(skip.page.show.name): \(reason) Skipped; its stored episodes are kept."]
        case .siteUnreachable(let site):
            return ["Not tried (\(site.host) cannot be reached): " + site.pagesNotTried.map(\.show.name).joined(separator: ", ") + "."]
        case .corroborated(let corroboration):
            let show = corroboration.show.name
            if let error = corroboration.error {
                if error.code == .notRecorded {
                    return ["TVMaze \(show): not in the recorded answers (--live asks TVMaze); kept without broadcast times."]
                }
                return ["TVMaze \(show): failed. \(ErrorLine.text(for: error.underlying ?? error)) Kept without broadcast times."]
            }
            return ["TVMaze \(show): \(corroboration.broadcastsAdded) broadcast times added, "
                + "\(corroboration.disagreements.count) dates differ, \(corroboration.unmatched.count) episodes not on TVMaze"]
                + corroboration.disagreements.map { "  differs: \($0)" }
        case .scheduleNote(let note):
            return ["Schedule \(note)"]
        case .broadcastsDropped(let count):
            return ["Ordered by the schedule facts: \(count) broadcast times an earlier --tvmaze run stored are not kept (give --tvmaze to use TVMaze's)."]
        @unknown default:
            return []
        }
    }

    /// The closing line of a refresh from the network whose pages partly failed: the shows kept
    /// without new episodes, each distinct reason once.
    public static func summary(of report: SyncReport) -> [String] {
        let fetched = report.pagesSkipped.filter { $0.file == nil }
        guard !fetched.isEmpty else { return [] }
        var reasons: [(reason: String, shows: [String])] = []
        for skip in fetched {
            let reason = (skip.error.underlying.map(ErrorLine.text(for:)) ?? skip.error.detail)
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
            if let index = reasons.firstIndex(where: { $0.reason == reason }) {
                reasons[index].shows.append(skip.page.show.name)
            } else {
                reasons.append((reason, [skip.page.show.name]))
            }
        }
        return ["Kept the other series; failed: " + reasons.map { "\($0.shows.joined(separator: ", ")): \($0.reason)" }.joined(separator: "; ")]
    }
}
