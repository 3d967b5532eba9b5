public import AirdateCore
public import Foundation

/// A titled run of countdowns: one tag, or one ``RelativeBucket``.
public struct CountdownSection: Sendable, Hashable, Identifiable {
    /// How to group countdowns into sections.
    public enum Grouping: String, Sendable, Hashable, Codable, CaseIterable {
        /// One section per tag, by tag name (the locale's collation), then "Untagged"; a countdown with
        /// several tags appears in each of their sections.
        case tag
        /// One section per ``RelativeBucket``, in the bucket order (Today … Later, then Past).
        case when
    }

    /// A stable identifier: `tag:KEY`, `untagged` or `when:BUCKET`.
    public let id: String
    /// The heading: a tag's display name, "Untagged", or a bucket title.
    public let title: String
    /// The countdowns, in the order given to `sections(of:by:at:)`.
    public let countdowns: [Countdown]

    /// Creates a section.
    public init(id: String, title: String, countdowns: [Countdown]) {
        self.id = id
        self.title = title
        self.countdowns = countdowns
    }

    /// Groups `countdowns` (sort them first: each section keeps their order). Empty sections are left out;
    /// tag sections are in the order of their names collated for `locale` (the user's by default).
    public static func sections(of countdowns: [Countdown], by grouping: Grouping, at clock: ViewerClock,
                                locale: Locale = .current) -> [CountdownSection] {
        let reference = clock.frozen()  // one instant for every section
        switch grouping {
        case .tag:
            var byKey: [String: (tag: CountdownTag, items: [Countdown])] = [:]
            var untagged: [Countdown] = []
            for countdown in countdowns {
                if countdown.tags.isEmpty { untagged.append(countdown) }
                for tag in countdown.tags {
                    byKey[tag.key, default: (tag, [])].items.append(countdown)
                }
            }
            var sections = byKey.values.sorted {
                CollatedText($0.tag.name, locale: locale) < CollatedText($1.tag.name, locale: locale)
            }.map {
                CountdownSection(id: "tag:\($0.tag.key)", title: $0.tag.name, countdowns: $0.items)
            }
            if !untagged.isEmpty { sections.append(CountdownSection(id: "untagged", title: "Untagged", countdowns: untagged)) }
            return sections
        case .when:
            var buckets: [RelativeBucket: [Countdown]] = [:]
            for countdown in countdowns {
                buckets[RelativeBucket(countdown.target, at: reference), default: []].append(countdown)
            }
            return RelativeBucket.allCases.compactMap { bucket in
                guard let items = buckets[bucket] else { return nil }
                return CountdownSection(id: "when:\(bucket)", title: bucket.title, countdowns: items)
            }
        }
    }
}
