public import AirdateCore

/// Time spent watching: a total of runtimes, with how many watches it counts and how sure it is.
public struct WatchTime: Sendable, Hashable {
    /// The runtimes added up (estimates included, see ``estimated``).
    public var duration: Duration
    /// The watches counted.
    public var watches: Int
    /// Watches of episodes without a runtime, counted with an estimate (their show's median runtime,
    /// or the fallback given).
    public var estimated: Int
    /// Watches of episodes without a runtime and without an estimate: not in ``duration``.
    public var withoutRuntime: Int

    /// Creates a time.
    public init(duration: Duration = .zero, watches: Int = 0, estimated: Int = 0, withoutRuntime: Int = 0) {
        self.duration = duration
        self.watches = watches
        self.estimated = estimated
        self.withoutRuntime = withoutRuntime
    }

    /// The hours, as a fraction (`duration` / 3600 s).
    public var hours: Double { Double(duration.components.seconds) / 3600 + Double(duration.components.attoseconds) / 3.6e21 }

    /// The sum of two times.
    public static func + (lhs: WatchTime, rhs: WatchTime) -> WatchTime {
        WatchTime(duration: lhs.duration + rhs.duration, watches: lhs.watches + rhs.watches,
                  estimated: lhs.estimated + rhs.estimated, withoutRuntime: lhs.withoutRuntime + rhs.withoutRuntime)
    }
}

/// Time watched per show and calendar month: see ``WatchHistory/watchTime(in:timeZone:fallbackRuntime:)``.
public struct WatchTimeReport: Sendable, Hashable {
    /// The time watched of one show in one month.
    public struct Row: Sendable, Hashable {
        /// The show's id.
        public var showID: String
        /// The first day of the month, in the report's time zone; `nil` for watches with no known time.
        public var month: CalendarDay?
        /// The time watched.
        public var time: WatchTime

        /// Creates a row.
        public init(showID: String, month: CalendarDay?, time: WatchTime) {
            self.showID = showID
            self.month = month
            self.time = time
        }
    }

    struct Key: Hashable {
        var showID: String
        var month: CalendarDay?
    }

    /// One row per show and month that has a watch: months in order (unknown times first), shows by id.
    public var rows: [Row]

    /// Creates a report; the rows are put in order.
    public init(rows: [Row]) {
        self.rows = rows.sorted { a, b in
            if a.month != b.month {
                guard let x = a.month else { return true }
                guard let y = b.month else { return false }
                return x < y
            }
            return a.showID < b.showID
        }
    }

    /// The time watched per show id.
    public var byShow: [String: WatchTime] {
        rows.reduce(into: [:]) { $0[$1.showID, default: WatchTime()] = ($0[$1.showID] ?? WatchTime()) + $1.time }
    }

    /// The time watched per month (first day; `nil` for watches with no known time), in order.
    public var byMonth: [(month: CalendarDay?, time: WatchTime)] {
        var result: [(month: CalendarDay?, time: WatchTime)] = []
        for row in rows {
            if let last = result.last, last.month == row.month {
                result[result.count - 1].time = last.time + row.time
            } else {
                result.append((row.month, row.time))
            }
        }
        return result
    }

    /// Everything.
    public var total: WatchTime { rows.reduce(WatchTime()) { $0 + $1.time } }
}
